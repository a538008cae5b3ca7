package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block) and an array held in an element of a
 * shared {@code Object[]}, handed on where the rewriter cannot follow them, then written in the
 * interval they were loaded in: put into a collection ({@code rows.add(m[i]); rows.get(0)[k] =
 * v}), stored into an array made earlier ({@code mine[0] = m[i]; mine[0][k] = v}), given to a JDK
 * method as an {@code Object} ({@code Objects.requireNonNull(m[i])[k] = v}, {@code
 * Optional.of(m[i]).get()}, {@code List.of}, {@code Map.put}, {@code AtomicReference.set}). The rows are the shared arrays' contents, so each such load
 * must be write-checked. Each thread writes a row homed on another node; every node read every
 * row first, so on three or more nodes the copies the barrier made stale sit where neither writer
 * nor home is. Every thread checks every row after a barrier.
 */
public class RowsHandedOnPlain extends Spmd {

    private static final int COLS = 4;

    /** An element holding an array. */
    public static class Holder {
        long[] values = new long[COLS];
    }

    long[][] listed;
    long[][] stored;
    long[][] required;
    long[][] optional;
    long[][] listOf;
    long[][] mapped;
    long[][] referenced;
    Holder[] holders;

    @Override
    public void init() {
        int all = threads();
        listed = pool.register(new long[all][COLS], 1);
        stored = pool.register(new long[all][COLS], 1);
        required = pool.register(new long[all][COLS], 1);
        optional = pool.register(new long[all][COLS], 1);
        listOf = pool.register(new long[all][COLS], 1);
        mapped = pool.register(new long[all][COLS], 1);
        referenced = pool.register(new long[all][COLS], 1);
        Holder[] h = new Holder[all];
        for (int i = 0; i < all; i++) {
            h[i] = new Holder();
        }
        holders = pool.register(h, 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += listed[i][0] + stored[i][0] + required[i][0] + optional[i][0] + listOf[i][0] + mapped[i][0]
                    + referenced[i][0] + holders[i].values[0];
        }
        barrier();
        List<long[]> rows = new ArrayList<>();
        rows.add(listed[r]);
        rows.add(holders[r].values);
        rows.get(0)[1] = value(r, 1);
        rows.get(1)[2] = value(r, 2);
        long[][] mine = new long[2][];
        mine[0] = stored[r];
        mine[0][3] = value(r, 3);
        Objects.requireNonNull(required[r])[2] = value(r, 2);
        Optional.of(optional[r]).get()[1] = value(r, 1);
        List.of(listOf[r]).get(0)[3] = value(r, 3);
        Map<Integer, long[]> byRow = new HashMap<>();
        byRow.put(r, mapped[r]);
        byRow.get(r)[0] = value(r, 0);
        AtomicReference<long[]> ref = new AtomicReference<>();
        ref.set(referenced[r]);
        ref.get()[2] = value(r, 2);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row put into a list", i, listed[i][1], value(i, 1));
            expect(failed, "held array put into a list", i, holders[i].values[2], value(i, 2));
            expect(failed, "row stored into an array made earlier", i, stored[i][3], value(i, 3));
            expect(failed, "row given to Objects.requireNonNull", i, required[i][2], value(i, 2));
            expect(failed, "row given to Optional.of", i, optional[i][1], value(i, 1));
            expect(failed, "row given to List.of", i, listOf[i][3], value(i, 3));
            expect(failed, "row given to Map.put", i, mapped[i][0], value(i, 0));
            expect(failed, "row given to AtomicReference.set", i, referenced[i][2], value(i, 2));
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static long value(int row, int col) {
        return row * 10L + col + 1;
    }

    /** Adds the first wrong row of {@code what} to {@code failed}. */
    private static void expect(List<String> failed, String what, int i, long got, long want) {
        if (got != want && failed.stream().noneMatch(s -> s.startsWith(what + " "))) {
            failed.add(what + " [" + i + "] " + got + " != " + want);
        }
    }
}
