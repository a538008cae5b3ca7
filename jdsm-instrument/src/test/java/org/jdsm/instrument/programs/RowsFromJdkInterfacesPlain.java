package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned to the JDK by a method of
 * the job's classes that implements a JDK interface, not a lambda: an anonymous {@code Supplier}'s
 * {@code get()} given to {@code Stream.generate}, a named {@code IntFunction}'s {@code apply}
 * given to {@code mapToObj}, an {@code Iterator}'s {@code next()} that {@code Iterable.forEach}
 * calls. The JDK hands each row on to code that writes it in the interval it was loaded in, and
 * names nothing, so each row such a method returns must be write-checked. Each thread writes a row
 * homed on another node; every node read every row first, so on three or more nodes the copies the
 * barrier made stale sit where neither writer nor home is. Every thread checks every row after a
 * barrier.
 */
public class RowsFromJdkInterfacesPlain extends Spmd {

    private static final int COLS = 4;

    /** A function over the rows of one array. */
    static final class RowFunction implements IntFunction<long[]> {
        private final long[][] rows;

        RowFunction(long[][] rows) {
            this.rows = rows;
        }

        @Override
        public long[] apply(int i) {
            return rows[i];
        }
    }

    /** The one row {@code index} of {@code rows}, as an {@code Iterable}. */
    static final class OneRow implements Iterable<long[]> {
        private final long[][] rows;
        private final int index;

        OneRow(long[][] rows, int index) {
            this.rows = rows;
            this.index = index;
        }

        @Override
        public Iterator<long[]> iterator() {
            return new Iterator<>() {
                private boolean done;

                @Override
                public boolean hasNext() {
                    return !done;
                }

                @Override
                public long[] next() {
                    done = true;
                    return rows[index];
                }
            };
        }
    }

    long[][] supplied;
    long[][] applied;
    long[][] iterated;

    @Override
    public void init() {
        int all = threads();
        supplied = pool.register(new long[all][COLS], 1);
        applied = pool.register(new long[all][COLS], 1);
        iterated = pool.register(new long[all][COLS], 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += supplied[i][0] + applied[i][0] + iterated[i][0];
        }
        barrier();
        long v = value(r);
        Stream.generate(new Supplier<long[]>() {
            @Override
            public long[] get() {
                return supplied[r];
            }
        }).limit(1).forEach(row -> row[1] = v);
        IntStream.of(r).mapToObj(new RowFunction(applied)).forEach(row -> row[1] = v);
        new OneRow(iterated, r).forEach(row -> row[1] = v);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row an anonymous Supplier gave Stream.generate", i, supplied[i][1], value(i));
            expect(failed, "row an IntFunction class gave mapToObj", i, applied[i][1], value(i));
            expect(failed, "row an Iterator gave Iterable.forEach", i, iterated[i][1], value(i));
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
