package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of a {@code long[][]} and arrays held by a shared {@code Object[]}, each registered whole
 * (one row a block), copied from the local they were loaded into to another local, then written
 * in the interval they were loaded in: {@code long[] a = m[i]; long[] b = a; b[k] = v}, {@code
 * Arrays.fill(b, ...)}, {@code Object o = things[i]; if (o instanceof long[] row) row[k] = v}
 * (javac copies {@code o} into a local of its own for the pattern). The rows are the shared
 * arrays' contents, so each load must be write-checked. Each thread writes a row homed on another
 * node; every node read every row first, so on three or more nodes the copies the barrier made
 * stale sit where neither writer nor home is. Every thread checks every row after a barrier.
 */
public class RowsThroughLocalCopiesPlain extends Spmd {

    private static final int COLS = 4;

    long[][] copied;
    long[][] filled;
    Object[] things;

    @Override
    public void init() {
        int all = threads();
        copied = pool.register(new long[all][COLS], 1);
        filled = pool.register(new long[all][COLS], 1);
        Object[] th = new Object[all];
        for (int i = 0; i < all; i++) {
            th[i] = new long[COLS];
        }
        things = pool.register(th, 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += copied[i][0] + filled[i][0] + ((long[]) things[i])[0];
        }
        barrier();
        long v = value(r);
        long[] a = copied[r];
        long[] b = a;
        b[1] = v;
        long[] c = filled[r];
        long[] d = c;
        Arrays.fill(d, 1, 2, v);
        Object o = things[r];
        if (o instanceof long[] row) {
            row[1] = v;
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row copied to another local", i, copied[i][1], value(i));
            expect(failed, "row copied to another local given to Arrays.fill", i, filled[i][1], value(i));
            expect(failed, "array matched by instanceof", i, ((long[]) things[i])[1], value(i));
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static long value(int row) {
        return row * 10L + 7;
    }

    /** Adds the first wrong row of {@code what} to {@code failed}. */
    private static void expect(List<String> failed, String what, int i, long got, long want) {
        if (got != want && failed.stream().noneMatch(s -> s.startsWith(what + " "))) {
            failed.add(what + " [" + i + "] " + got + " != " + want);
        }
    }
}
