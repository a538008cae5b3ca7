package org.jdsm.bench.instrument.jobs;

/**
 * LU in plain code; the benchmark runs it instrumented and not. Each iteration copies the thread's
 * blocks of the input into the shared matrix (N^2 elements against the factorization's N^3 / 3
 * multiply-adds) and factors it, two barriers per diagonal step, so every iteration does the same
 * work. Args: N, B.
 */
public class LuPlain extends LuJob {

    @Override
    protected void iterate(int iterations) {
        int me = myThread();
        for (int it = 0; it < iterations; it++) {
            lu.copy(input, matrix, me);
            for (int k = 0; k < lu.blocks(); k++) {
                if (lu.owner(k, k) == me) {
                    lu.factorDiagonal(matrix, k);
                }
                barrier();
                lu.divide(matrix, k, me);
                barrier();
                lu.updateInterior(matrix, k, me);
            }
        }
    }

    @Override
    protected double checksum() {
        return SorKernel.sum(matrix);
    }
}
