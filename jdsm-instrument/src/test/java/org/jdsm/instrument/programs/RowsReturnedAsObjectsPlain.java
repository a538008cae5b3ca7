package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned as an {@code Object} by a
 * method of the job's ({@code Object pick(long[][] m, int i) { return m[i]; }}) and handed on by
 * its caller, then written in the interval they were loaded in: put into a list ({@code
 * rows.add(pick(m, i))}), stored into a field through a local, given to {@code Optional}. The rows
 * are the shared arrays' contents, so each load the callee returns must be write-checked. Each
 * thread writes a row homed on another node; every node read every row first, so on three or more
 * nodes the copies the barrier made stale sit where neither writer nor home is. Every thread
 * checks every row after a barrier.
 */
public class RowsReturnedAsObjectsPlain extends Spmd {

    private static final int COLS = 4;

    long[][] listed;
    long[][] kept;
    long[][] optional;
    Object current;

    @Override
    public void init() {
        int all = threads();
        listed = pool.register(new long[all][COLS], 1);
        kept = pool.register(new long[all][COLS], 1);
        optional = pool.register(new long[all][COLS], 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += listed[i][0] + kept[i][0] + optional[i][0];
        }
        barrier();
        long v = value(r);
        List<Object> rows = new ArrayList<>();
        rows.add(pick(listed, r));
        ((long[]) rows.get(0))[1] = v;
        Object picked = pick(kept, r);
        current = picked;
        ((long[]) current)[1] = v;
        Optional.ofNullable(pick(optional, r)).ifPresent(row -> ((long[]) row)[1] = v);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row returned as an Object put into a list", i, listed[i][1], value(i));
            expect(failed, "row returned as an Object kept in a field", i, kept[i][1], value(i));
            expect(failed, "row returned as an Object given to Optional", i, optional[i][1], value(i));
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static Object pick(long[][] m, int i) {
        return m[i];
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
