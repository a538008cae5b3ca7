package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned as an {@code Object} by a
 * method of the job's ({@code Object pick(long[][] m, int i) { return m[i]; }}) and handed on by
 * its caller, then written in the interval they were loaded in: put into a list ({@code
 * rows.add(pick(m, i))}), stored into a field through a local, given to {@code Optional}. The rows
 * are the shared arrays' contents, so each load the callee returns must be write-checked. Each
 * thread writes a row homed on another node, where every node holds a copy
 * ({@link StaleRowsProgram}).
 */
public class RowsReturnedAsObjectsPlain extends StaleRowsProgram {

    long[][] listed;
    long[][] kept;
    long[][] optional;
    Object current;

    @Override
    public void init() {
        listed = rows();
        kept = rows();
        optional = rows();
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(listed, kept, optional);
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
        report(failed, seen);
    }

    private static Object pick(long[][] m, int i) {
        return m[i];
    }
}
