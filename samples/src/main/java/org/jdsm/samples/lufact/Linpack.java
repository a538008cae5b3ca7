package org.jdsm.samples.lufact;

/**
 * The Linpack pieces of JGF LUFact (section 2) on a column-major {@code n x n} matrix in one flat
 * array (column {@code j} starts at {@code j * n}): the test matrix, the triangular solve
 * {@code dgesl}, and the BLAS-1 loops they share with the factorization.
 */
final class Linpack {

    private Linpack() {
    }

    /** JGF's {@code matgen}: {@code a(i,j) = (init - 32768) / 16384} with {@code init = 3125 init mod 65536}, from 1325. */
    static double[] matrix(int n) {
        double[] a = new double[n * n];
        int init = 1325;
        for (int k = 0; k < a.length; k++) { // column by column
            init = 3125 * init % 65536;
            a[k] = (init - 32768.0) / 16384.0;
        }
        return a;
    }

    /** JGF's {@code matgen} right-hand side: the row sums, accumulated column by column. */
    static double[] rowSums(double[] a, int n) {
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                b[i] += a[j * n + i];
            }
        }
        return b;
    }

    /** The largest element of the matrix ({@code matgen}'s {@code norma}, which starts at 0). */
    static double norm(double[] a) {
        double norm = 0.0;
        for (double v : a) {
            norm = v > norm ? v : norm;
        }
        return norm;
    }

    /** {@code idamax}: index of the largest |x| among {@code len} elements from {@code from}, relative to {@code from}. */
    static int idamax(double[] x, int from, int len) {
        int best = 0;
        double max = Math.abs(x[from]);
        for (int i = 1; i < len; i++) {
            double v = Math.abs(x[from + i]);
            if (v > max) {
                best = i;
                max = v;
            }
        }
        return best;
    }

    /** {@code dscal}: {@code x[from..from+len) *= alpha}. */
    static void dscal(double[] x, int from, int len, double alpha) {
        for (int i = 0; i < len; i++) {
            x[from + i] *= alpha;
        }
    }

    /** {@code daxpy}: {@code y[yFrom..] += alpha * x[xFrom..]} over {@code len} elements; nothing if alpha is 0. */
    static void daxpy(double[] x, int xFrom, double[] y, int yFrom, int len, double alpha) {
        if (len > 0 && alpha != 0) {
            for (int i = 0; i < len; i++) {
                y[yFrom + i] += alpha * x[xFrom + i];
            }
        }
    }

    /** {@code dgesl(job = 0)}: solves {@code A x = b} in place with the factors and pivots of {@code dgefa}. */
    static void solve(double[] a, int n, int[] pivot, double[] b) {
        for (int k = 0; k < n - 1; k++) {
            int l = pivot[k];
            double t = b[l];
            if (l != k) {
                b[l] = b[k];
                b[k] = t;
            }
            daxpy(a, k * n + k + 1, b, k + 1, n - (k + 1), t);
        }
        for (int k = n - 1; k >= 0; k--) {
            b[k] /= a[k * n + k];
            daxpy(a, k * n, b, 0, k, -b[k]);
        }
    }
}
