package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), written in the interval they were
 * loaded in, but not straight through their load: chosen by a conditional expression ({@code (c ?
 * m[i] : m[j])[k] += v}) or a switch expression. The rows are the shared arrays' contents,
 * so each such load must be write-checked. Each thread writes a row homed on another node; every
 * node read every row first, so on three or more nodes the copies the barrier made stale sit where
 * neither writer nor home is. Every thread checks every row after a barrier.
 */
public class RowsOutOfSightPlain extends Spmd {

    private static final int COLS = 4;

    long[][] conditional;
    long[][] switched;

    @Override
    public void init() {
        int all = threads();
        conditional = pool.register(new long[all][COLS], 1);
        switched = pool.register(new long[all][COLS], 1);
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = (t + threadsPerNode()) % all; // a row homed on another node
        long seen = 0;
        for (int i = 0; i < all; i++) { // a copy of each row on every node, made stale below
            seen += conditional[i][0] + switched[i][0];
        }
        barrier();
        (t >= 0 ? conditional[r] : conditional[0])[2] += value(r, 2);
        long[] row = switch (t % 2) {
            case 0 -> switched[r];
            default -> switched[(r + all) % all];
        };
        row[3] = value(r, 3);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < all; i++) {
            expect(failed, "row chosen by ?:", i, conditional[i][2], value(i, 2));
            expect(failed, "row chosen by a switch", i, switched[i][3], value(i, 3));
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }

    private static long value(int row, int col) {
        return row * 10L + col + 1;
    }

    /** Adds the first wrong row of {@code what} to {@code failed}. */
    private static void expect(List<String> failed, String what, int i, long got, long want) {
        if (got != want && failed.stream().noneMatch(s -> s.startsWith(what + " "))) {
            failed.add(what + " [" + i + "] " + got + " != " + want);
        }
    }
}
