package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned by a lambda to the JDK,
 * which hands them on to code that writes them in the interval they were loaded in: {@code
 * mapToObj(i -> m[i]).forEach(row -> row[k] = v)}, {@code Optional.map(i -> m[i]).get()[k] = v},
 * a row the lambda takes from a local or from a method of the job's. No rewritten caller of the
 * lambda asks about its result, so each row it returns must be write-checked there. Each thread
 * writes a row homed on another node, where every node holds a copy ({@link StaleRowsProgram}).
 */
public class RowsReturnedToJdkPlain extends StaleRowsProgram {

    long[][] streamed;
    long[][] mapped;
    long[][] local;
    long[][] called;

    @Override
    public void init() {
        int all = threads();
        streamed = rows();
        mapped = rows();
        local = rows();
        called = rows();
    }

    @Override
    public void start() {
        int all = threads();
        int r = otherRow();
        long seen = touch(streamed, mapped, local, called);
        barrier();
        long v = value(r);
        IntStream.of(r).mapToObj(i -> streamed[i]).forEach(row -> row[1] = v);
        Optional.of(r).map(i -> mapped[i]).get()[1] = v;
        Stream.of(r).map(i -> {
            long[] row = local[i];
            return row;
        }).toList().get(0)[1] = v;
        IntStream.of(r).mapToObj(i -> rowOf(called, i)).forEach(row -> row[1] = v);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row a lambda returned to mapToObj", i, streamed[i][1], value(i));
            expect(failed, "row a lambda returned to Optional.map", i, mapped[i][1], value(i));
            expect(failed, "row a lambda returned from a local", i, local[i][1], value(i));
            expect(failed, "row a lambda returned from a method", i, called[i][1], value(i));
        }
        report(failed, seen);
    }

    private static long[] rowOf(long[][] m, int i) {
        return m[i];
    }
}
