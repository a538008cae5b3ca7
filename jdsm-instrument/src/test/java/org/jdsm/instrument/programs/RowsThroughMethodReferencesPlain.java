package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned by a method of the job's
 * called through a method reference, then written in the interval they were loaded in: {@code
 * IntFunction<long[]> f = this::row; f.apply(i)[k] = v} (the caller names {@code apply(I)}, which
 * the method does not answer to), {@code mapToObj(this::row).forEach(r -> r[k] = v)} (the JDK
 * names nothing), a static method, one of another object and one returning an {@code Object}. So
 * each row such a method returns must be write-checked. Each thread writes a row homed on another
 * node, where every node holds a copy ({@link StaleRowsProgram}).
 */
public class RowsThroughMethodReferencesPlain extends StaleRowsProgram {

    /** Another object whose method returns a row. */
    public static class Grid {
        final long[][] rows;

        Grid(long[][] rows) {
            this.rows = rows;
        }

        long[] row(int i) {
            return rows[i];
        }
    }

    long[][] applied;
    long[][] streamed;
    long[][] statics;
    long[][] other;
    long[][] objects;

    @Override
    public void init() {
        applied = rows();
        streamed = rows();
        statics = rows();
        other = rows();
        objects = rows();
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(applied, streamed, statics, other, objects);
        barrier();
        long v = value(r);
        IntFunction<long[]> f = this::appliedRow;
        f.apply(r)[1] = v;
        IntStream.of(r).mapToObj(this::streamedRow).forEach(row -> row[1] = v);
        BiFunction<long[][], Integer, long[]> s = RowsThroughMethodReferencesPlain::rowOf;
        s.apply(statics, r)[1] = v;
        IntFunction<long[]> g = new Grid(other)::row;
        g.apply(r)[1] = v;
        IntFunction<Object> o = this::objectRow;
        ((long[]) o.apply(r))[1] = v;
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row of this::m through apply", i, applied[i][1], value(i));
            expect(failed, "row of this::m given to mapToObj", i, streamed[i][1], value(i));
            expect(failed, "row of a static method reference", i, statics[i][1], value(i));
            expect(failed, "row of another object's method reference", i, other[i][1], value(i));
            expect(failed, "row returned as an Object by this::m", i, objects[i][1], value(i));
        }
        report(failed, seen);
    }

    private long[] appliedRow(int i) {
        return applied[i];
    }

    long[] streamedRow(int i) {
        return streamed[i];
    }

    private Object objectRow(int i) {
        return objects[i];
    }

    private static long[] rowOf(long[][] m, Integer i) {
        return m[i];
    }
}
