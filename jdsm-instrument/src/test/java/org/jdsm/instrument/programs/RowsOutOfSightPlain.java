package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Rows of {@code long[][]}s registered whole (one row a block) and arrays held in elements of a
 * shared {@code Object[]}, written in the interval they were loaded in, but not straight through
 * their load: chosen by a conditional expression ({@code (c ? m[i] : m[j])[k] += v}) or a switch
 * expression, captured by a lambda ({@code long[] row = m[i]; forEach(j -> row[j] = v)}), kept in
 * a field of the job ({@code cur = m[i]; cur[k] = v}), given to a record's constructor ({@code new
 * View(m[i]).set(k, v)}), put in an array initializer ({@code {m[i]}}) or passed as varargs. The rows are the shared arrays' contents,
 * so each such load must be write-checked. Each thread writes a row homed on another node, where
 * every node holds a copy ({@link StaleRowsProgram}).
 */
public class RowsOutOfSightPlain extends StaleRowsProgram {

    /** A record holding a row, which its method writes. */
    record View(long[] data) {
        void set(int j, long v) {
            data[j] = v;
        }
    }

    long[][] conditional;
    long[][] switched;
    long[][] captured;
    long[][] kept;
    Holder[] holders;
    long[][] viewed;
    long[][] initialized;
    long[][] varargs;
    long[] current;

    @Override
    public void init() {
        conditional = rows();
        switched = rows();
        captured = rows();
        kept = rows();
        holders = holders();
        viewed = rows();
        initialized = rows();
        varargs = rows();
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = otherRow();
        long seen = touch(conditional, switched, captured, kept, viewed, initialized, varargs) + touch(holders);
        barrier();
        (t >= 0 ? conditional[r] : conditional[0])[2] += value(r, 2);
        long[] row = switch (t % 2) {
            case 0 -> switched[r];
            default -> switched[(r + all) % all];
        };
        row[3] = value(r, 3);
        long[] capturedRow = captured[r];
        IntStream.range(0, COLS).forEach(j -> capturedRow[j] = value(r, j));
        current = kept[r];
        current[1] = value(r, 1);
        long[] held = holders[r].values;
        IntStream.range(0, COLS).forEach(j -> held[j] = value(r, j));
        new View(viewed[r]).set(1, value(r, 1));
        long[][] picked = {initialized[r]};
        picked[0][3] = value(r, 3);
        firstOfEach(value(r, 0), varargs[r]);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row chosen by ?:", i, conditional[i][2], value(i, 2));
            expect(failed, "row chosen by a switch", i, switched[i][3], value(i, 3));
            expect(failed, "row captured by a lambda", i, captured[i][3], value(i, 3));
            expect(failed, "row kept in a field", i, kept[i][1], value(i, 1));
            expect(failed, "held array captured by a lambda", i, holders[i].values[3], value(i, 3));
            expect(failed, "row given to a record", i, viewed[i][1], value(i, 1));
            expect(failed, "row in an array initializer", i, initialized[i][3], value(i, 3));
            expect(failed, "row passed as varargs", i, varargs[i][0], value(i, 0));
        }
        report(failed, seen);
    }

    private static void firstOfEach(long v, long[]... rows) {
        for (long[] row : rows) {
            row[0] = v;
        }
    }
}
