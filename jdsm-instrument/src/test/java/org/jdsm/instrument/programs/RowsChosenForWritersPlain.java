package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), chosen by a conditional or switch
 * expression and given straight to what writes them: an {@code Arrays} writer ({@code
 * Arrays.fill(c ? m[i] : m[j], v)}, {@code setAll}, also inside a lambda) or a method of the
 * job's that writes its parameter ({@code put(c ? m[i] : m[j], v)}). The rows are the shared
 * arrays' contents, so each row's load must be write-checked. Each thread writes a row homed on
 * another node; every node read every row first, so on three or more nodes the copies the barrier
 * made stale sit where neither writer nor home is. Every thread checks every row after a barrier.
 */
public class RowsChosenForWritersPlain extends Spmd {

    private static final int COLS = 4;

    long[][] filled;
    long[][] setAll;
    long[][] filledInLambda;
    long[][] switched;
    long[][] put;

    @Override
    public void init() {
        int all = threads();
        filled = pool.register(new long[all][COLS], 1);
        setAll = pool.register(new long[all][COLS], 1);
        filledInLambda = pool.register(new long[all][COLS], 1);
        switched = pool.register(new long[all][COLS], 1);
        put = pool.register(new long[all][COLS], 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        boolean mine = t >= 0;
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += filled[i][0] + setAll[i][0] + filledInLambda[i][0] + switched[i][0] + put[i][0];
        }
        barrier();
        long v = value(r);
        Arrays.fill(mine ? filled[r] : filled[0], 1, 2, v);
        Arrays.setAll(mine ? setAll[r] : setAll[0], k -> k == 1 ? v : 0);
        IntStream.of(r).forEach(i -> Arrays.fill(mine ? filledInLambda[i] : filledInLambda[0], 1, 2, v));
        Arrays.fill(switch (t % 2) {
            case 0 -> switched[r];
            default -> switched[(r + all) % all];
        }, 1, 2, v);
        put(mine ? put[r] : put[0], v);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row chosen by ?: given to Arrays.fill", i, filled[i][1], value(i));
            expect(failed, "row chosen by ?: given to Arrays.setAll", i, setAll[i][1], value(i));
            expect(failed, "row chosen by ?: given to Arrays.fill in a lambda", i, filledInLambda[i][1], value(i));
            expect(failed, "row chosen by a switch given to Arrays.fill", i, switched[i][1], value(i));
            expect(failed, "row chosen by ?: given to a method that writes it", i, put[i][1], value(i));
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static void put(long[] row, long v) {
        row[1] = v;
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
