package org.jdsm.instrument.programs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block) and an array held in an element of
 * a shared {@code Object[]}, set through a {@code VarHandle} or a {@code MethodHandle} typed with
 * the array's own type ({@code vh.set(m[i], k, v)}, {@code vh.getAndAdd(row, k, v)} through a
 * local, {@code setter.invoke(m[i], k, v)}, {@code vh.set(holders[i].values, k, v)}). The rows are
 * the shared arrays' contents, so each load must be write-checked, as for {@code m[i][k] = v}.
 * Each thread writes a row homed on another node; every node read every row first, so on three or
 * more nodes the copies the barrier made stale sit where neither writer nor home is. Every thread
 * checks every row after a barrier.
 */
public class RowsThroughHandlesPlain extends Spmd {

    private static final int COLS = 4;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final MethodHandle SETTER = MethodHandles.arrayElementSetter(long[].class);

    /** An element holding an array. */
    public static class Holder {
        long[] values = new long[COLS];
    }

    long[][] set;
    long[][] added;
    long[][] invoked;
    Holder[] holders;

    @Override
    public void init() {
        int all = threads();
        set = pool.register(new long[all][COLS], 1);
        added = pool.register(new long[all][COLS], 1);
        invoked = pool.register(new long[all][COLS], 1);
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
            seen += set[i][0] + added[i][0] + invoked[i][0] + holders[i].values[0];
        }
        barrier();
        long v = value(r);
        LONGS.set(set[r], 1, v);
        long[] row = added[r];
        LONGS.getAndAdd(row, 1, v);
        try {
            SETTER.invoke(invoked[r], 1, v);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        LONGS.set(holders[r].values, 1, v);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row given to VarHandle.set", i, set[i][1], value(i));
            expect(failed, "row through a local given to VarHandle.getAndAdd", i, added[i][1], value(i));
            expect(failed, "row given to MethodHandle.invoke", i, invoked[i][1], value(i));
            expect(failed, "held array given to VarHandle.set", i, holders[i].values[1], value(i));
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
