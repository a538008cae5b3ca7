package org.jdsm.samples.lu;

/**
 * SPLASH-2 LU's block kernels on column-major {@code b x b} blocks inside one flat array, each
 * block given by its first element. The factors are {@code L} (with the diagonal) and a
 * unit-diagonal {@code U}, overwriting the matrix.
 */
final class LuKernels {

    private LuKernels() {
    }

    /** {@code lu0}: factors the diagonal block in place. */
    static void factorDiagonal(double[] m, int d, int b) {
        for (int k = 0; k < b; k++) {
            for (int j = k + 1; j < b; j++) {
                m[d + k + j * b] /= m[d + k + k * b];
                daxpy(m, d + k + 1 + j * b, d + k + 1 + k * b, b - k - 1, -m[d + k + j * b]);
            }
        }
    }

    /** {@code bdiv}: a block below the diagonal, {@code A := A U^-1}. */
    static void divideColumnBlock(double[] m, int a, int d, int b) {
        for (int k = 0; k < b; k++) {
            for (int j = k + 1; j < b; j++) {
                daxpy(m, a + j * b, a + k * b, b, -m[d + k + j * b]);
            }
        }
    }

    /** {@code bmodd}: a block right of the diagonal, {@code C := L^-1 C}. */
    static void divideRowBlock(double[] m, int d, int c, int b) {
        for (int k = 0; k < b; k++) {
            for (int j = 0; j < b; j++) {
                m[c + k + j * b] /= m[d + k + k * b];
                daxpy(m, c + k + 1 + j * b, d + k + 1 + k * b, b - k - 1, -m[c + k + j * b]);
            }
        }
    }

    /** {@code bmod}: an interior block, {@code C := C - A B} with {@code A} in block column K, {@code B} in block row K. */
    static void updateInterior(double[] m, int a, int bk, int c, int b) {
        for (int k = 0; k < b; k++) {
            for (int j = 0; j < b; j++) {
                daxpy(m, c + j * b, a + k * b, b, -m[bk + k + j * b]);
            }
        }
    }

    /** {@code m[to..to+len) += alpha * m[from..from+len)}. */
    private static void daxpy(double[] m, int to, int from, int len, double alpha) {
        for (int i = 0; i < len; i++) {
            m[to + i] += alpha * m[from + i];
        }
    }
}
