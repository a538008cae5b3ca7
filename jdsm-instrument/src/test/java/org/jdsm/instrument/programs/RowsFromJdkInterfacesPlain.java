package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned to the JDK by a method of
 * the job's classes that implements a JDK interface, not a lambda: an anonymous {@code Supplier}'s
 * {@code get()} given to {@code Stream.generate}, a named {@code IntFunction}'s {@code apply}
 * given to {@code mapToObj}, an {@code Iterator}'s {@code next()} that {@code Iterable.forEach}
 * calls. The JDK hands each row on to code that writes it in the interval it was loaded in, and
 * names nothing, so each row such a method returns must be write-checked. Each thread writes a row
 * homed on another node, where every node holds a copy ({@link StaleRowsProgram}).
 */
public class RowsFromJdkInterfacesPlain extends StaleRowsProgram {

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
        supplied = rows();
        applied = rows();
        iterated = rows();
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(supplied, applied, iterated);
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
        report(failed, seen);
    }
}
