package org.jdsm.samples.lufact;

import org.jdsm.samples.support.SharedAccess;

/**
 * JGF LUFact's {@code dgefa} (Gaussian elimination with partial pivoting, column oriented) as run
 * by one of {@code threads} threads: at step k the owner of column k finds the pivot, swaps and
 * scales the column and publishes it with the pivot index; after a barrier every thread applies
 * the swap and the elimination to its own columns. Columns are dealt out cyclically, node by node (column
 * j on node {@code j mod nodes}), matching {@link org.jdsm.Distribution#CYCLIC} homes. Each
 * column's arithmetic is the sequential one, so the factors are the same bits for any thread
 * count.
 */
final class LuFactFactorization {

    private final int n;
    private final int nodes;
    private final int threadsPerNode;

    LuFactFactorization(int n, int nodes, int threadsPerNode) {
        this.n = n;
        this.nodes = nodes;
        this.threadsPerNode = threadsPerNode;
    }

    /** The thread that updates column {@code j}. */
    int owner(int j) {
        return j % nodes * threadsPerNode + j / nodes % threadsPerNode;
    }

    /**
     * Thread {@code me}'s share of factoring {@code a} (column-major, one column per shared block)
     * into {@code pivot}. The thread holds write access to its columns from the start and
     * publishes each once it is final, right after its pivot step: only then do others read it.
     */
    void run(double[] a, int[] pivot, int me, SharedAccess access) {
        for (int j = 0; j < n; j++) {
            if (owner(j) == me) {
                access.write(a, j * n);
            }
        }
        for (int k = 0; k < n - 1; k++) {
            int col = k * n;
            if (owner(k) == me) {
                int l = Linpack.idamax(a, col + k, n - k) + k;
                if (a[col + l] != 0) {
                    swap(a, col, l, k);
                    Linpack.dscal(a, col + k + 1, n - (k + 1), -1.0 / a[col + k]);
                }
                access.written(a, col);
                access.write(pivot, k);
                pivot[k] = l;
                access.written(pivot, k);
            }
            access.barrier(); // column k and its pivot are final
            eliminate(a, pivot, k, me, access);
        }
        if (owner(n - 1) == me) {
            access.written(a, (n - 1) * n);
            access.write(pivot, n - 1);
            pivot[n - 1] = n - 1;
            access.written(pivot, n - 1);
        }
        access.barrier();
    }

    /** Row elimination with column indexing, for this thread's columns right of k. */
    private void eliminate(double[] a, int[] pivot, int k, int me, SharedAccess access) {
        int col = k * n;
        boolean loaded = false;
        for (int j = k + 1; j < n; j++) {
            if (owner(j) != me) {
                continue;
            }
            if (!loaded) {
                access.read(a, col);
                access.read(pivot, k);
                loaded = true;
            }
            int l = pivot[k];
            if (a[col + k] == 0) {
                return; // a zero pivot: column k was already triangular (JGF skips the step)
            }
            int cj = j * n;
            double t = a[cj + l];
            if (l != k) {
                swap(a, cj, l, k);
            }
            Linpack.daxpy(a, col + k + 1, a, cj + k + 1, n - (k + 1), t);
        }
    }

    private static void swap(double[] a, int col, int i, int k) {
        double t = a[col + i];
        a[col + i] = a[col + k];
        a[col + k] = t;
    }
}
