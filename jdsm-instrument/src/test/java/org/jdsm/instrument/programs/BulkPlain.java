package org.jdsm.instrument.programs;

import java.util.Arrays;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays read and written in bulk by the JDK rather than element by element:
 * {@code Arrays.fill}, {@code Arrays.sort}, {@code System.arraycopy}, {@code clone()},
 * {@code Arrays.copyOfRange}, {@code Arrays.equals} on ranges, {@code Arrays.deepToString} of
 * shared rows, and enhanced-for loops. Each thread owns a segment of {@code a} and {@code b}
 * whose ends fall inside blocks (so blocks are written by several threads on several nodes) and
 * one row of {@code grid}; every phase reads what other threads wrote the phase before.
 * Args: segment length.
 */
public class BulkPlain extends Spmd {

    int m;
    long[] a;
    long[] b;
    int[][] grid;

    @Override
    public void init() {
        m = Integer.parseInt(args().get(0));
        a = pool.register(new long[m * threads()], 8);
        b = pool.register(new long[m * threads()], 8);
        grid = new int[threads()][5];
        for (int[] row : grid) {
            pool.register(row, 2);
        }
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        int from = me * m;
        int to = from + m;
        // Phase 1: my segment of a, descending, sorted in place; my row of the grid, filled.
        Arrays.fill(a, from, to, -1L);
        for (int i = from; i < to; i++) {
            a[i] = unsorted(i);
        }
        Arrays.sort(a, from, to);
        Arrays.fill(grid[me], me * 11);
        barrier();
        // Phase 2: copy my left neighbour's sorted segment into my segment of b; check all of a.
        int left = (me + t - 1) % t;
        System.arraycopy(a, left * m, b, from, m);
        long[] snapshot = a.clone();
        for (int s = 0; s < t; s++) {
            check(Arrays.equals(snapshot, s * m, (s + 1) * m, sorted(s), 0, m), "clone of a, segment " + s + ": "
                    + Arrays.toString(Arrays.copyOfRange(snapshot, s * m, (s + 1) * m)));
        }
        long sum = 0;
        for (long x : a) {
            sum += x;
        }
        check(sum == expectedSumOfA(), "enhanced-for sum of a: " + sum);
        check(Arrays.deepToString(grid).equals(expectedGrid()), "grid " + Arrays.deepToString(grid));
        barrier();
        // Phase 3: every segment of b holds its left neighbour's sorted segment.
        long[] copy = Arrays.copyOfRange(b, 0, b.length);
        for (int s = 0; s < t; s++) {
            check(Arrays.equals(copy, s * m, (s + 1) * m, sorted((s + t - 1) % t), 0, m), "b, segment " + s);
        }
        barrier();
        // Phase 4: one thread fills all of b; everyone sees it.
        if (me == t - 1) {
            Arrays.fill(b, 7L);
        }
        barrier();
        long sevens = 0;
        for (long x : b) {
            sevens += x;
        }
        check(sevens == 7L * b.length, "b after fill: sum " + sevens);
        Results.put(getClass().getSimpleName() + me, "ok");
    }

    private long unsorted(int i) {
        return (long) (m - i % m) * 1000 + i / m;
    }

    /** Segment {@code s} of {@code a} once sorted. */
    private long[] sorted(int s) {
        long[] out = new long[m];
        for (int k = 0; k < m; k++) {
            out[k] = (long) (k + 1) * 1000 + s;
        }
        return out;
    }

    private long expectedSumOfA() {
        long sum = 0;
        for (int s = 0; s < threads(); s++) {
            for (long x : sorted(s)) {
                sum += x;
            }
        }
        return sum;
    }

    private String expectedGrid() {
        int[][] g = new int[threads()][5];
        for (int r = 0; r < g.length; r++) {
            Arrays.fill(g[r], r * 11);
        }
        return Arrays.deepToString(g);
    }

    private void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("thread " + myThread() + ": " + what);
        }
    }
}
