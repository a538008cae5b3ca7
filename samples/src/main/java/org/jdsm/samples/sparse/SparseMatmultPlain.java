package org.jdsm.samples.sparse;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;

/** The same SparseMatmult on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class SparseMatmultPlain {

    private SparseMatmultPlain() {
    }

    /** Runs SparseMatmult with {@code args} as for {@link SparseMatmult} on {@code threads} threads, validates, returns {@code ytotal}. */
    public static double run(int threads, List<String> args) {
        SparseProblem problem = new SparseProblem(SparseSize.parse(args), threads);
        double[] y = new double[problem.size.n()];
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> problem.multiply(y, id));
        long millis = (System.nanoTime() - began) / 1_000_000;
        double total = problem.total(y);
        SparseReference.validate(problem.size, total, "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return total;
    }
}
