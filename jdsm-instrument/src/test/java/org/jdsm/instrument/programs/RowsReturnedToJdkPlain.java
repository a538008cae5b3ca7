package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), returned by a lambda to the JDK,
 * which hands them on to code that writes them in the interval they were loaded in: {@code
 * mapToObj(i -> m[i]).forEach(row -> row[k] = v)}, {@code Optional.map(i -> m[i]).get()[k] = v},
 * a row the lambda takes from a local or from a method of the job's. No rewritten caller of the
 * lambda asks about its result, so each row it returns must be write-checked there. Each thread
 * writes a row homed on another node; every node read every row first, so on three or more nodes
 * the copies the barrier made stale sit where neither writer nor home is. Every thread checks every
 * row after a barrier.
 */
public class RowsReturnedToJdkPlain extends Spmd {

    private static final int COLS = 4;

    long[][] streamed;
    long[][] mapped;
    long[][] local;
    long[][] called;

    @Override
    public void init() {
        int all = threads();
        streamed = pool.register(new long[all][COLS], 1);
        mapped = pool.register(new long[all][COLS], 1);
        local = pool.register(new long[all][COLS], 1);
        called = pool.register(new long[all][COLS], 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += streamed[i][0] + mapped[i][0] + local[i][0] + called[i][0];
        }
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
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static long[] rowOf(long[][] m, int i) {
        return m[i];
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
