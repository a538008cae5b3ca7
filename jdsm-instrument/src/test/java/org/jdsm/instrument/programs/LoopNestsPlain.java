package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Loop nests whose checks the rewriter moves before the outer loop, each reading rows its
 * neighbours wrote in the phase before: row-major and column-major walks, a descending nest with a
 * row offset defined per iteration, a triangular nest whose inner bound depends on the outer
 * variable, a red-black sweep, an offset advanced at the end of each iteration (which must not
 * be taken for a per-iteration definition), and helpers called in a loop. Each phase runs one of them: it reads one array and updates the other in
 * the rows the thread owns, so the result does not depend on how rows are split: thread 0 records
 * a checksum that a one-thread run must reproduce exactly. Args: N (rows and columns), phases, and
 * optionally the block length (default a row; others put block boundaries inside rows).
 */
public class LoopNestsPlain extends Spmd {

    double[] a;
    double[] b;
    int n;

    @Override
    public void init() {
        n = Integer.parseInt(args().get(0));
        int block = args().size() > 2 ? Integer.parseInt(args().get(2)) : n; // a row, or straddling rows
        a = pool.register(initial(n, 1), block);
        b = pool.register(initial(n, 2), block);
    }

    @Override
    public void start() {
        int lo = myThread() * n / threads();
        int hi = (myThread() + 1) * n / threads();
        for (int p = 0; p < Integer.parseInt(args().get(1)); p++) {
            double[] src = p % 2 == 0 ? a : b;
            double[] dst = p % 2 == 0 ? b : a;
            switch (p % 10) { // one kernel a phase: no kernel's checks cover another's accesses
                case 0 -> rowMajor(src, dst, n, lo, hi, p);
                case 1 -> descending(src, dst, n, lo, hi);
                case 2 -> columnMajor(src, dst, n, lo, hi);
                case 3 -> triangular(src, dst, n, lo, hi);
                case 4 -> redBlack(src, dst, n, lo, hi, p & 1);
                case 5 -> advancedOffset(src, dst, n, lo, hi);
                case 6 -> throughHelper(src, dst, n, lo, hi);
                case 7 -> throughFieldReadingHelper(src, dst, n, lo, hi);
                case 8 -> distantRows(src, dst, n, lo, hi);
                default -> fieldAdvancedByHelper(src, dst, n, lo, hi);
            }
            barrier();
        }
        if (myThread() == 0) {
            double sum = 0;
            for (int k = 0; k < n * n; k++) {
                sum += a[k] * (k % 7 + 1) + b[k] * (k % 5 + 1);
            }
            Results.put(getClass().getSimpleName() + threads(), sum);
        }
    }

    static void rowMajor(double[] src, double[] dst, int n, int lo, int hi, int p) {
        for (int i = Math.max(1, lo); i < Math.min(n - 1, hi); i++) {
            for (int j = 1; j < n - 1; j++) {
                dst[i * n + j] = 0.25 * (src[(i - 1) * n + j] + src[(i + 1) * n + j] + src[i * n + j - 1] + src[i * n + j + 1]) + p;
            }
        }
    }

    static void descending(double[] src, double[] dst, int n, int lo, int hi) {
        for (int i = Math.min(n - 1, hi) - 1; i >= Math.max(1, lo); i--) {
            int row = i * n;
            for (int j = n - 2; j >= 1; j--) {
                dst[row + j] += 0.5 * src[row - n + j];
            }
        }
    }

    static void columnMajor(double[] src, double[] dst, int n, int lo, int hi) {
        for (int j = 1; j < n - 1; j++) {
            for (int i = Math.max(0, lo); i < Math.min(n - 1, hi); i++) {
                dst[i * n + j] += 0.125 * src[(i + 1) * n + j];
            }
        }
    }

    static void triangular(double[] src, double[] dst, int n, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            for (int j = 0; j < Math.min(n, i + 2); j++) {
                int t = i * n + j;
                dst[t] += 0.01 * src[t];
            }
        }
    }

    static void redBlack(double[] src, double[] dst, int n, int lo, int hi, int colour) {
        for (int i = Math.max(1, lo); i < Math.min(n - 1, hi); i++) {
            int row = i * n;
            for (int k = row + 1 + ((i + colour) & 1); k < row + n - 1; k += 2) {
                dst[k] += 0.0625 * (src[k - n] - src[k + n]);
            }
        }
    }

    static void advancedOffset(double[] src, double[] dst, int n, int lo, int hi) {
        int off = lo * n;
        for (int i = lo; i < hi; i++) {
            for (int j = 0; j < n; j++) {
                dst[off + j] += 0.001 * src[(off + j + n) % (n * n)];
            }
            off += n;
        }
    }

    /** Reads the first and the last row: two ranges, not everything between. */
    static void distantRows(double[] src, double[] dst, int n, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            for (int j = 0; j < n; j++) {
                dst[i * n + j] += 0.01 * (src[j] + src[(n - 1) * n + j]);
            }
        }
    }

    /** Where {@link #fieldAdvancedByHelper} reads: a row start that {@link #advance} moves on. */
    static final class Cursor {
        int base;
    }

    /** A helper of this class, so a loop calling it is still a counted loop. */
    private static void advance(Cursor cursor, int n) {
        cursor.base += n;
    }

    /**
     * Reads the mirror row (other threads' rows) through a field that a call in the loop moves on:
     * the field is not invariant there, whatever the loop itself stores.
     */
    static void fieldAdvancedByHelper(double[] src, double[] dst, int n, int lo, int hi) {
        Cursor mirror = new Cursor();
        mirror.base = (n - 1 - lo) * n;
        for (int i = lo; i < hi; i++) {
            for (int j = 0; j < n; j++) {
                dst[i * n + j] += 0.05 * src[mirror.base + j];
            }
            advance(mirror, -n);
        }
    }

    /** Rows updated by a helper called in the loop: its accesses are checked before the caller's loop. */
    static void throughHelper(double[] src, double[] dst, int n, int lo, int hi) {
        for (int i = Math.max(1, lo); i < Math.min(n - 1, hi); i++) {
            axpy(dst, i * n + 1, src, (i - 1) * n, n - 2, 0.03);
        }
    }

    /** {@code to[at..at+len) += alpha * from[fromAt..fromAt+len)}. */
    static void axpy(double[] to, int at, double[] from, int fromAt, int len, double alpha) {
        for (int k = 0; k < len; k++) {
            to[at + k] += alpha * from[fromAt + k];
        }
    }

    /** The same through a helper that reads a field: it checks its own accesses. */
    void throughFieldReadingHelper(double[] src, double[] dst, int n, int lo, int hi) {
        for (int i = Math.max(0, lo); i < Math.min(n - 1, hi); i++) {
            scaledAdd(dst, i * n, src, (i + 1) * n);
        }
    }

    private void scaledAdd(double[] to, int at, double[] from, int fromAt) {
        for (int k = 0; k < n; k++) {
            to[at + k] += 0.02 * from[fromAt + k];
        }
    }

    static double[] initial(int n, int seed) {
        double[] g = new double[n * n];
        for (int k = 0; k < g.length; k++) {
            g[k] = (k * 7919 * seed % 1000) * 0.001;
        }
        return g;
    }
}
