package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Rows of {@code long[][]}s registered whole (one row a block) and an array held in an element of a
 * shared {@code Object[]}, handed on where the rewriter cannot follow them, then written in the
 * interval they were loaded in: put into a collection ({@code rows.add(m[i]); rows.get(0)[k] =
 * v}), stored into an array made earlier ({@code mine[0] = m[i]; mine[0][k] = v}), given to a JDK
 * method as an {@code Object} ({@code Objects.requireNonNull(m[i])[k] = v}, {@code
 * Optional.of(m[i]).get()}, {@code List.of}, {@code Map.put}, {@code AtomicReference.set}). The rows are the shared arrays' contents, so each such load
 * must be write-checked. Each thread writes a row homed on another node, where every node holds a
 * copy ({@link StaleRowsProgram}).
 */
public class RowsHandedOnPlain extends StaleRowsProgram {

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
        listed = rows();
        stored = rows();
        required = rows();
        optional = rows();
        listOf = rows();
        mapped = rows();
        referenced = rows();
        holders = holders();
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(listed, stored, required, optional, listOf, mapped, referenced) + touch(holders);
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
        report(failed, seen);
    }
}
