package org.jdsm.samples.lu;

import org.jdsm.Spmd;
import org.jdsm.samples.support.SharedAccess;

/**
 * SPLASH-2 LU (contiguous blocks) on JDSM: blocked LU factorization without pivoting of an
 * {@code N x N} matrix, {@code B x B} blocks owned 2-D block-cyclically by the threads, two
 * barriers per diagonal step. The matrix is one shared {@code double[]} with one shared block per
 * matrix block, laid out so that every block is homed on its owner's node ({@link LuLayout}).
 * Each thread holds write access ({@code acquire}) to its blocks from the start and publishes
 * ({@code release}) each one after its last change; the blocks of step K are read with
 * {@code update} (the calls {@link SharedAccess#dsm} makes for {@link LuFactorization}). Node 0
 * then solves with the factors and checks that the solution is all ones within 1e-5, as SPLASH-2
 * does.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.lu.Lu [N] [B]}
 * (default N=512, B=16; the JDSM paper used N=1024 and 2048).
 */
public class Lu extends Spmd {

    private LuSize size;
    private LuLayout layout;
    private double[] matrix;

    @Override
    public void init() {
        size = LuSize.parse(args());
        layout = new LuLayout(size, threads(), threadsPerNode());
        matrix = pool.register(LuMatrix.generate(size, layout), layout.blockArea());
    }

    @Override
    public void start() {
        barrier();
        long began = System.nanoTime();
        LuFactorization.run(matrix, size, layout, myThread(), SharedAccess.dsm(pool));
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(matrix);
            LuReference.validate(matrix, size, layout,
                    nodes() + " nodes x " + threadsPerNode() + " threads, factorization " + millis + " ms");
        }
    }
}
