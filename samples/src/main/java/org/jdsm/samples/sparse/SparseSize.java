package org.jdsm.samples.sparse;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A SparseMatmult problem: {@code n x n} matrix, {@code nonzeros} entries, {@code iterations} products (JGF size A by default). */
record SparseSize(int n, int nonzeros, int iterations) {

    static final String USAGE = "SparseMatmult [N] [NONZEROS] [ITERATIONS]";

    static SparseSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        return new SparseSize(a.positive(0, 50_000), a.positive(1, 250_000), a.positive(2, 200));
    }

    @Override
    public String toString() {
        return n + " x " + n + ", " + nonzeros + " nonzeros, " + iterations + " iterations";
    }
}
