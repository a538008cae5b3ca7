package org.jdsm.bench.instrument.jobs;

import java.util.List;

/**
 * What the plain and the explicit LU jobs share: the kernel, the pristine input and the matrix
 * factored in place (one DSM block per LU block when shared). Args: N, B.
 */
abstract class LuJob extends DrivenKernel {

    protected LuKernel lu;
    protected double[] input;
    protected double[] matrix;

    @Override
    protected final void setUp(List<String> args, boolean shared) {
        lu = new LuKernel(args, threads());
        input = lu.matrix();
        matrix = new double[input.length];
        if (shared) {
            pool.register(matrix, lu.area());
        }
    }
}
