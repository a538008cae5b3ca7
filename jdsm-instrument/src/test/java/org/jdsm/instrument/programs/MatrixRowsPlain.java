package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A {@code double[][]} registered whole (blocks of rows), its rows written in place:
 * {@code m[i][j] = v} in a loop nest, {@code +=} in a do-while loop (checked per access), and rows swapped
 * ({@code tmp = m[i]; m[i] = m[j]; m[j] = tmp}) then changed. The rows are the shared array's
 * contents, so each store must write-check {@code m[i]}. Each thread writes rows homed on the other
 * node; after a barrier every thread checks every element.
 */
public class MatrixRowsPlain extends Spmd {

    private static final int ROWS_PER_THREAD = 4;
    private static final int COLS = 3;

    double[][] nested;
    double[][] stepped;
    double[][] swapped;

    @Override
    public void init() {
        int n = ROWS_PER_THREAD * threads();
        nested = pool.register(new double[n][COLS], 1);
        stepped = pool.register(new double[n][COLS], 1);
        swapped = pool.register(new double[n][COLS], 1);
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(swapped[i], i);
        }
    }

    @Override
    public void start() {
        int n = nested.length;
        int base = (myThread() + threadsPerNode()) % threads() * ROWS_PER_THREAD;
        double seen = 0;
        for (int i = 0; i < n; i++) { // every node reads every row once, so a lost write leaves a stale copy
            seen += nested[i][0] + stepped[i][0] + swapped[i][0];
        }
        barrier();
        for (int i = base; i < base + ROWS_PER_THREAD; i++) {
            for (int j = 0; j < COLS; j++) {
                nested[i][j] = i * COLS + j + 1;
            }
        }
        int i = base;
        do { // not a counted loop: checked per access
            stepped[i][i % COLS] += i + 1;
            i++;
        } while (i < base + ROWS_PER_THREAD);
        for (int k = base; k < base + ROWS_PER_THREAD; k += 2) {
            double[] tmp = swapped[k];
            swapped[k] = swapped[k + 1];
            swapped[k + 1] = tmp;
        }
        barrier(); // the swap is published; now only the rows change
        for (int k = base; k < base + ROWS_PER_THREAD; k++) {
            for (int j = 0; j < COLS; j++) {
                swapped[k][j] += 0.5;
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            int before = r % 2 == 0 ? r + 1 : r - 1;
            for (int j = 0; j < COLS; j++) {
                expect(failed, "nested", r, j, nested[r][j], r * COLS + j + 1);
                expect(failed, "stepped", r, j, stepped[r][j], j == r % COLS ? r + 1 : 0);
                expect(failed, "swapped", r, j, swapped[r][j], before + 0.5);
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String name, int r, int j, double seen, double expected) {
        if (seen != expected && failed.size() < 8) {
            failed.add(name + "[" + r + "][" + j + "]=" + seen);
        }
    }
}
