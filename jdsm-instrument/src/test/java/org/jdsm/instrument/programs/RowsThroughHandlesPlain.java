package org.jdsm.instrument.programs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of {@code long[][]}s registered whole (one row a block) and an array held in an element of
 * a shared {@code Object[]}, set through a {@code VarHandle} or a {@code MethodHandle} typed with
 * the array's own type ({@code vh.set(m[i], k, v)}, {@code vh.getAndAdd(row, k, v)} through a
 * local, {@code setter.invoke(m[i], k, v)}, {@code vh.set(holders[i].values, k, v)}). The rows are
 * the shared arrays' contents, so each load must be write-checked, as for {@code m[i][k] = v}.
 * Each thread writes a row homed on another node, where every node holds a copy
 * ({@link StaleRowsProgram}).
 */
public class RowsThroughHandlesPlain extends StaleRowsProgram {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final MethodHandle SETTER = MethodHandles.arrayElementSetter(long[].class);

    long[][] set;
    long[][] added;
    long[][] invoked;
    Holder[] holders;

    @Override
    public void init() {
        set = rows();
        added = rows();
        invoked = rows();
        holders = holders();
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(set, added, invoked) + touch(holders);
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
        report(failed, seen);
    }
}
