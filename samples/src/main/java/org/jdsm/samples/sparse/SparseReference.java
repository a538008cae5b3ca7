package org.jdsm.samples.sparse;

import java.util.Map;
import org.jdsm.samples.support.Validation;

/**
 * How a SparseMatmult result is judged: at the JGF sizes (200 iterations) against JGF's published
 * {@code ytotal} within its tolerance 1e-10; at any other size bit for bit against a one-thread run.
 */
final class SparseReference {

    static final String NAME = "SparseMatmult";

    /** JGF multithreaded SparseMatmult {@code refval} (sizes A, B, C), for 200 iterations. */
    private static final Map<SparseSize, Double> PUBLISHED = Map.of(
            new SparseSize(50_000, 250_000, 200), 75.02484945753453,
            new SparseSize(100_000, 500_000, 200), 150.0130719633895,
            new SparseSize(500_000, 2_500_000, 200), 749.5245870753752);

    private SparseReference() {
    }

    /** Checks {@code ytotal}, prints PASS or throws. */
    static void validate(SparseSize size, double ytotal, String summary) {
        Validation v = Validation.of(NAME);
        Double published = PUBLISHED.get(size);
        if (published != null) {
            v.near("ytotal", ytotal, published, 1e-10);
        } else {
            v.same("ytotal", ytotal, sequentialTotal(size));
        }
        v.finish(ytotal, size + ", " + summary);
    }

    private static double sequentialTotal(SparseSize size) {
        SparseProblem problem = new SparseProblem(size, 1);
        double[] y = new double[size.n()];
        problem.multiply(y, 0);
        return problem.total(y);
    }
}
