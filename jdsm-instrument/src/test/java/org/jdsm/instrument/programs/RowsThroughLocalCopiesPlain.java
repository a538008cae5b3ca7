package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of a {@code long[][]} and arrays held by a shared {@code Object[]}, each registered whole
 * (one row a block), copied from the local they were loaded into to another local, then written
 * in the interval they were loaded in: {@code long[] a = m[i]; long[] b = a; b[k] = v}, {@code
 * Arrays.fill(b, ...)}, {@code Object o = things[i]; if (o instanceof long[] row) row[k] = v}
 * (javac copies {@code o} into a local of its own for the pattern). The rows are the shared
 * arrays' contents, so each load must be write-checked. Each thread writes a row homed on another
 * node, where every node holds a copy ({@link StaleRowsProgram}).
 */
public class RowsThroughLocalCopiesPlain extends StaleRowsProgram {

    long[][] copied;
    long[][] filled;
    Object[] things;

    @Override
    public void init() {
        int all = threads();
        copied = rows();
        filled = rows();
        Object[] th = new Object[all];
        for (int i = 0; i < all; i++) {
            th[i] = new long[COLS];
        }
        things = pool.register(th, 1);
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(copied, filled);
        for (int i = 0; i < all; i++) { // a copy of each held array on every node, as touch makes of rows
            seen += ((long[]) things[i])[0];
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
        report(failed, seen);
    }
}
