package org.jdsm.bench.instrument.jobs;

import java.util.ArrayList;
import java.util.List;

/**
 * SPLASH-2 LU with contiguous blocks, no pivoting, shared by the plain and the explicit job (as
 * {@link SorKernel} is). The {@code n x n} matrix is one {@code double[]} of {@code b x b} blocks,
 * block {@code (I, J)} at {@code (I * nb + J) * b * b}, column-major inside (one DSM block per LU
 * block); SPLASH-2's 2-D block-cyclic {@code BlockOwner} says which thread computes it. The factors
 * {@code L} (with the diagonal) and a unit-diagonal {@code U} overwrite the matrix. Each method is
 * one thread's share of one phase of diagonal step K; every block is computed by its owner in the
 * same order for any thread count, so the result is the same bits.
 */
final class LuKernel {

    private final int b;
    private final int nb;
    private final int cols;
    private final int rows;

    /** Args: N, B (N a multiple of B), for {@code threads} threads. */
    LuKernel(List<String> args, int threads) {
        int n = Integer.parseInt(args.get(0));
        b = Integer.parseInt(args.get(1));
        if (b <= 0 || n <= 0 || n % b != 0) {
            throw new IllegalArgumentException("LU: N=" + n + " must be a positive multiple of B=" + b);
        }
        nb = n / b;
        int r = (int) Math.sqrt(threads); // SPLASH-2: the squarest rows x cols grid with rows <= sqrt(P)
        while (threads % r != 0) {
            r--;
        }
        rows = r;
        cols = threads / r;
    }

    /** Blocks per matrix row and column. */
    int blocks() {
        return nb;
    }

    /** Elements per block: the shared block length. */
    int area() {
        return b * b;
    }

    int offset(int bi, int bj) {
        return (bi * nb + bj) * b * b;
    }

    int owner(int bi, int bj) {
        return bi % cols + bj % rows * cols;
    }

    /**
     * The input: {@link SorKernel#grid}'s uniform values in [0, 1), plus N on the diagonal
     * (diagonally dominant, so no pivoting is needed), in block layout.
     */
    double[] matrix() {
        int n = nb * b;
        double[] random = SorKernel.grid(n);
        double[] m = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[offset(i / b, j / b) + i % b + j % b * b] = random[i * n + j] + (i == j ? n : 0);
            }
        }
        return m;
    }

    /** Offsets of {@code me}'s blocks. */
    int[] owned(int me) {
        List<Integer> blocks = new ArrayList<>();
        for (int bi = 0; bi < nb; bi++) {
            for (int bj = 0; bj < nb; bj++) {
                if (owner(bi, bj) == me) {
                    blocks.add(offset(bi, bj));
                }
            }
        }
        return blocks.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Copies {@code me}'s blocks of {@code from} into {@code to}. */
    void copy(double[] from, double[] to, int me) {
        for (int offset : owned(me)) {
            System.arraycopy(from, offset, to, offset, b * b);
        }
    }

    /** Step K, phase 1 (by the owner of {@code (K, K)}): {@code lu0}, factors the diagonal block. */
    void factorDiagonal(double[] m, int k) {
        int b = this.b;
        int d = offset(k, k);
        for (int p = 0; p < b; p++) {
            for (int j = p + 1; j < b; j++) {
                m[d + p + j * b] /= m[d + p + p * b];
                daxpy(m, d + p + 1 + j * b, d + p + 1 + p * b, b - p - 1, -m[d + p + j * b]);
            }
        }
    }

    /**
     * Step K, phase 2: {@code me}'s blocks of column K below the diagonal ({@code bdiv},
     * {@code A := A U^-1}) and of row K right of it ({@code bmodd}, {@code C := L^-1 C}).
     */
    void divide(double[] m, int k, int me) {
        int b = this.b;
        int d = offset(k, k);
        for (int i = k + 1; i < nb; i++) {
            if (owner(i, k) == me) {
                int a = offset(i, k);
                for (int p = 0; p < b; p++) {
                    for (int j = p + 1; j < b; j++) {
                        daxpy(m, a + j * b, a + p * b, b, -m[d + p + j * b]);
                    }
                }
            }
        }
        for (int j = k + 1; j < nb; j++) {
            if (owner(k, j) == me) {
                int c = offset(k, j);
                for (int p = 0; p < b; p++) {
                    for (int q = 0; q < b; q++) {
                        m[c + p + q * b] /= m[d + p + p * b];
                        daxpy(m, c + p + 1 + q * b, d + p + 1 + p * b, b - p - 1, -m[c + p + q * b]);
                    }
                }
            }
        }
    }

    /** Offsets of {@code me}'s blocks that {@link #divide} changes at step K. */
    int[] divided(int k, int me) {
        List<Integer> blocks = new ArrayList<>();
        for (int i = k + 1; i < nb; i++) {
            if (owner(i, k) == me) {
                blocks.add(offset(i, k));
            }
            if (owner(k, i) == me) {
                blocks.add(offset(k, i));
            }
        }
        return blocks.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Step K, phase 3: {@code me}'s interior blocks, {@code bmod}: {@code C(I, J) -= A(I, K) B(K, J)}. */
    void updateInterior(double[] m, int k, int me) {
        int b = this.b;
        for (int i = k + 1; i < nb; i++) {
            for (int j = k + 1; j < nb; j++) {
                if (owner(i, j) == me) {
                    int a = offset(i, k);
                    int bk = offset(k, j);
                    int c = offset(i, j);
                    for (int p = 0; p < b; p++) {
                        for (int q = 0; q < b; q++) {
                            daxpy(m, c + q * b, a + p * b, b, -m[bk + p + q * b]);
                        }
                    }
                }
            }
        }
    }

    /** Offsets of the blocks of column and row K that {@link #updateInterior} reads for {@code me} at step K. */
    int[] operands(int k, int me) {
        List<Integer> blocks = new ArrayList<>();
        boolean[] rowNeeded = new boolean[nb];
        for (int i = k + 1; i < nb; i++) {
            boolean columnNeeded = false;
            for (int j = k + 1; j < nb; j++) {
                if (owner(i, j) == me) {
                    columnNeeded = true;
                    rowNeeded[j] = true;
                }
            }
            if (columnNeeded) {
                blocks.add(offset(i, k));
            }
        }
        for (int j = k + 1; j < nb; j++) {
            if (rowNeeded[j]) {
                blocks.add(offset(k, j));
            }
        }
        return blocks.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code m[to..to+len) += alpha * m[from..from+len)}. */
    private static void daxpy(double[] m, int to, int from, int len, double alpha) {
        for (int i = 0; i < len; i++) {
            m[to + i] += alpha * m[from + i];
        }
    }
}
