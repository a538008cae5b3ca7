package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Rows of {@code long[][]}s registered whole (one row a block), chosen by a conditional or switch
 * expression and given straight to what writes them: an {@code Arrays} writer ({@code
 * Arrays.fill(c ? m[i] : m[j], v)}, {@code setAll}, also inside a lambda) or a method of the
 * job's that writes its parameter ({@code put(c ? m[i] : m[j], v)}). The rows are the shared
 * arrays' contents, so each row's load must be write-checked. Each thread writes a row homed on
 * another node, where every node holds a copy ({@link StaleRowsProgram}).
 */
public class RowsChosenForWritersPlain extends StaleRowsProgram {

    long[][] filled;
    long[][] setAll;
    long[][] filledInLambda;
    long[][] switched;
    long[][] put;

    @Override
    public void init() {
        filled = rows();
        setAll = rows();
        filledInLambda = rows();
        switched = rows();
        put = rows();
    }

    @Override
    public void start() {
        int t = myThread();
        int all = threads();
        int r = otherRow();
        boolean mine = t >= 0;
        long seen = touch(filled, setAll, filledInLambda, switched, put);
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
        report(failed, seen);
    }

    private static void put(long[] row, long v) {
        row[1] = v;
    }
}
