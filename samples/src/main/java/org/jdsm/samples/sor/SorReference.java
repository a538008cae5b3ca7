package org.jdsm.samples.sor;

import java.util.Map;
import org.jdsm.samples.support.Validation;

/**
 * How a SOR result is judged: at the JGF sizes (100 iterations) against JGF's published
 * {@code Gtotal} within its tolerance 1e-12; at any other size bit for bit against a one-thread run.
 */
final class SorReference {

    static final String NAME = "SOR";

    /** JGF multithreaded SOR {@code refval} by grid size (sizes A, B, C), for 100 iterations. */
    private static final Map<Integer, Double> PUBLISHED = Map.of(
            1000, 0.498574406322512,
            1500, 1.1234778980135105,
            2000, 1.9954895063582696);

    private SorReference() {
    }

    /** One thread, the whole grid: the sequential result the parallel runs must reproduce. */
    static double sequentialTotal(SorSize size) {
        double[] g = SorKernel.randomGrid(size.n());
        for (int p = 0; p < 2 * size.iterations(); p++) {
            SorKernel.relax(g, size.n(), 0, size.n(), p & 1);
        }
        return SorKernel.total(g, size.n());
    }

    /** Checks {@code total}, prints PASS or throws. */
    static void validate(SorSize size, double total, String summary) {
        Validation v = Validation.of(NAME);
        Double published = size.iterations() == 100 ? PUBLISHED.get(size.n()) : null;
        if (published != null) {
            v.near("Gtotal", total, published, 1e-12);
        } else {
            v.same("Gtotal", total, sequentialTotal(size));
        }
        v.finish(total, size + ", " + summary);
    }
}
