package org.jdsm.samples.lu;

import java.util.Arrays;
import org.jdsm.samples.support.SharedAccess;

/**
 * SPLASH-2 LU's parallel loop (contiguous blocks, no pivoting), as run by one thread: for each
 * diagonal step the owner factors the diagonal block; barrier; owners divide the blocks of block
 * column and block row K; barrier; owners update the interior blocks. Each thread computes only
 * the blocks it owns, so the result is the same bits for any thread count.
 */
final class LuFactorization {

    private LuFactorization() {
    }

    /**
     * Runs thread {@code me}'s share of the factorization of {@code m}. The thread takes write
     * access to all its blocks at the start and publishes each after its last change, at step
     * {@code min(I, J)}: only then does another thread read it.
     */
    static void run(double[] m, LuSize size, LuLayout layout, int me, SharedAccess access) {
        int nb = size.blocks();
        int b = size.b();
        for (int i = 0; i < nb; i++) {
            for (int j = 0; j < nb; j++) {
                if (layout.owner(i, j) == me) {
                    access.write(m, layout.offset(i, j));
                }
            }
        }
        for (int k = 0; k < nb; k++) {
            int d = layout.offset(k, k);
            if (layout.owner(k, k) == me) {
                LuKernels.factorDiagonal(m, d, b);
                access.written(m, d);
            }
            access.barrier();
            for (int i = k + 1; i < nb; i++) {
                if (layout.owner(i, k) == me) {
                    int a = layout.offset(i, k);
                    access.read(m, d);
                    LuKernels.divideColumnBlock(m, a, d, b);
                    access.written(m, a);
                }
            }
            for (int j = k + 1; j < nb; j++) {
                if (layout.owner(k, j) == me) {
                    int c = layout.offset(k, j);
                    access.read(m, d);
                    LuKernels.divideRowBlock(m, d, c, b);
                    access.written(m, c);
                }
            }
            access.barrier();
            prefetchPerimeter(m, layout, me, k, nb, access);
            for (int i = k + 1; i < nb; i++) {
                for (int j = k + 1; j < nb; j++) {
                    if (layout.owner(i, j) == me) {
                        access.read(m, layout.offset(i, k));
                        access.read(m, layout.offset(k, j));
                        LuKernels.updateInterior(m, layout.offset(i, k), layout.offset(k, j), layout.offset(i, j), b);
                    }
                }
            }
        }
    }

    /**
     * Starts fetching, all at once, the blocks of column K and row K that this thread's interior
     * blocks of step K read: their round trips overlap instead of adding up, one per block, and
     * each run of adjacent blocks goes in one call ({@link LuLayout} keeps a perimeter's blocks of
     * one owner adjacent), which JDSM serves with one message each way per home.
     */
    private static void prefetchPerimeter(double[] m, LuLayout layout, int me, int k, int nb, SharedAccess access) {
        boolean[] rowNeeded = new boolean[nb];
        int[] offsets = new int[2 * nb];
        int count = 0;
        for (int i = k + 1; i < nb; i++) {
            boolean columnNeeded = false;
            for (int j = k + 1; j < nb; j++) {
                if (layout.owner(i, j) == me) {
                    columnNeeded = true;
                    rowNeeded[j] = true;
                }
            }
            if (columnNeeded) {
                offsets[count++] = layout.offset(i, k);
            }
        }
        for (int j = k + 1; j < nb; j++) {
            if (rowNeeded[j]) {
                offsets[count++] = layout.offset(k, j);
            }
        }
        prefetchRuns(m, offsets, count, layout.blockArea(), access);
    }

    /** Prefetches the blocks starting at {@code offsets[0, count)}, one call per run of adjacent blocks. */
    private static void prefetchRuns(double[] m, int[] offsets, int count, int area, SharedAccess access) {
        Arrays.sort(offsets, 0, count);
        int start = 0;
        for (int i = 1; i <= count; i++) {
            if (i == count || offsets[i] != offsets[i - 1] + area) {
                access.prefetch(m, offsets[start], offsets[i - 1] + area);
                start = i;
            }
        }
    }
}
