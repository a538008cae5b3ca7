package org.jdsm.samples.lufact;

import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.jdsm.samples.support.SharedAccess;

/**
 * Java Grande LUFact (section 2) on JDSM: Linpack's {@code dgefa}/{@code dgesl}, LU factorization
 * with partial pivoting of an {@code N x N} system, one barrier per column. The column-major
 * matrix is one shared {@code double[]} with one block per column, {@link Distribution#CYCLIC},
 * and the pivot indices one shared {@code int[]} with one block per entry, also cyclic, so column
 * k and pivot k share a home. Each thread holds write access ({@code acquire}) to its columns
 * from the start; the owner of column k pivots it and publishes it ({@code release}); every thread
 * then reads it ({@code update}) and eliminates in its own columns (calls made through
 * {@link SharedAccess#dsm}). Node 0 solves and checks JGF's normalized residual.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.lufact.LuFact [N]}
 * (default: JGF size A, N=500).
 */
public class LuFact extends Spmd {

    private LuFactSize size;
    private double[] matrix;
    private int[] pivot;

    @Override
    public void init() {
        size = LuFactSize.parse(args());
        matrix = pool.register(Linpack.matrix(size.n()), size.n(), Distribution.CYCLIC);
        pivot = pool.register(new int[size.n()], 1, Distribution.CYCLIC);
    }

    @Override
    public void start() {
        int n = size.n();
        LuFactFactorization dgefa = new LuFactFactorization(n, nodes(), threadsPerNode());
        barrier();
        long began = System.nanoTime();
        dgefa.run(matrix, pivot, myThread(), SharedAccess.dsm(pool));
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(matrix);
            pool.update(pivot);
            double[] x = Linpack.rowSums(Linpack.matrix(n), n);
            Linpack.solve(matrix, n, pivot, x);
            LuFactReference.validate(size, x,
                    nodes() + " nodes x " + threadsPerNode() + " threads, dgefa " + millis + " ms");
        }
    }
}
