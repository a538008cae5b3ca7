package org.jdsm.bench.dsm;

/**
 * The compute kernels of {@link OneNodeOverhead}, shared by the plain-Java and the DSM versions so
 * both run literally the same loops (and the same JIT-compiled code); only the synchronization
 * around them differs.
 */
final class Kernels {

    /** Java Grande SOR's relaxation factor. */
    static final double OMEGA = 1.25;

    private Kernels() {
    }

    /** c[i] = a[i] * b[i] for i in [from, to). */
    static void vecMul(double[] a, double[] b, double[] c, int from, int to) {
        for (int i = from; i < to; i++) {
            c[i] = a[i] * b[i];
        }
    }

    /**
     * One colour of a red-black SOR sweep over rows [rowFrom, rowTo) (interior rows only) of an
     * {@code m x n} grid stored row by row in {@code g}: point (i, j) with (i + j) % 2 == colour gets
     * omega/4 * (sum of its four neighbours) + (1 - omega) * itself. Its neighbours all have the
     * other colour, so the result does not depend on the order of the points or on the split into
     * threads.
     */
    static void sorColour(double[] g, int n, int rowFrom, int rowTo, int colour) {
        double w4 = OMEGA * 0.25;
        double w1 = 1.0 - OMEGA;
        for (int i = rowFrom; i < rowTo; i++) {
            int row = i * n;
            for (int j = 1 + ((i + 1 + colour) & 1); j < n - 1; j += 2) {
                int p = row + j;
                g[p] = w4 * (g[p - n] + g[p + n] + g[p - 1] + g[p + 1]) + w1 * g[p];
            }
        }
    }

    /** The SOR grid's initial contents (deterministic pseudo-random values in [0, 1)). */
    static void sorInit(double[] g) {
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < g.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            g[i] = (x >>> 11) * 0x1.0p-53;
        }
    }

    static void vecInit(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (i % 1000) * 0.5;
            b[i] = (i % 7) + 1;
        }
    }

    /** Elements where c[i] != a[i] * b[i]. */
    static long vecMismatches(double[] a, double[] b, double[] c) {
        long bad = 0;
        for (int i = 0; i < c.length; i++) {
            if (c[i] != a[i] * b[i]) {
                bad++;
            }
        }
        return bad;
    }

    /** An order-sensitive hash of the bits of {@code g}. */
    static double hash(double[] g) {
        long h = 1;
        for (double v : g) {
            h = h * 31 + Double.doubleToRawLongBits(v);
        }
        return (double) (h >>> 11);
    }

    /** First row (inclusive) of thread {@code t}'s share of the interior rows 1..m-2, in blocks of {@code rowsPerBlock}. */
    static int sorFirstRow(int t, int rowsPerBlock) {
        return Math.max(1, t * rowsPerBlock);
    }

    /** Last row (exclusive) of thread {@code t}'s share of the interior rows. */
    static int sorEndRow(int t, int rowsPerBlock, int m) {
        return Math.min(m - 1, (t + 1) * rowsPerBlock);
    }
}
