package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Writes a newcomer makes through a local alias of an element or a field, or through a library
 * call on one: an enhanced for loop over a shared {@code Object[]} changing its elements, {@code
 * Cell c = cells[i]; c.value = v} and {@code c.bump()}, {@code double[] row = grid[i]; row[j] = v},
 * {@code Arrays.fill(grid[i], v)}, {@code System.arraycopy(src, 0, grid[i], 0, n)}, {@code
 * Arrays.fill(holder.arr, v)} and {@code Pos p = holder.pos; p.x = v} (holders registered one by
 * one). Each thread writes the elements {@code k} with {@code k % threads() == myThread()}, so
 * every block is written from both nodes; after a barrier every thread checks every value.
 */
public class LocalAliasesPlain extends Spmd {

    private static final int PER_THREAD = 3;
    private static final int COLS = 4;

    /** An element of a shared array, changed in place. */
    public static class Cell {
        int value;
        int bumps;

        void bump() {
            bumps++;
        }
    }

    /** A value held in a field of a shared object. */
    public static class Pos {
        double x;
    }

    /** A single shared object holding an array and an object. */
    public static class Holder {
        long[] arr = new long[COLS];
        Pos pos = new Pos();
    }

    Cell[] eachCells;
    Cell[] aliasCells;
    double[][] rowAlias;
    double[][] filled;
    double[][] copied;
    Holder[] holders;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        eachCells = pool.register(cells(n), 2);
        aliasCells = pool.register(cells(n), 2);
        rowAlias = pool.register(new double[n][COLS], 2);
        filled = pool.register(new double[n][COLS], 2);
        copied = pool.register(new double[n][COLS], 2);
        holders = new Holder[n];
        for (int k = 0; k < n; k++) {
            holders[k] = pool.register(new Holder());
        }
    }

    private static Cell[] cells(int n) {
        Cell[] c = new Cell[n];
        for (int k = 0; k < n; k++) {
            c[k] = new Cell();
        }
        return c;
    }

    @Override
    public void start() {
        int me = myThread();
        int n = eachCells.length;
        int k = 0;
        for (Cell c : eachCells) {
            if (k++ % threads() == me) {
                c.value = 10 + k;
                c.bump();
            }
        }
        for (int i = me; i < n; i += threads()) {
            Cell c = aliasCells[i];
            c.value = 100 + i;
            c.bump();
            double[] row = rowAlias[i];
            row[i % COLS] = i + 0.25;
            Arrays.fill(filled[i], i + 0.5);
            double[] src = new double[COLS];
            Arrays.fill(src, i + 0.75);
            System.arraycopy(src, 0, copied[i], 0, COLS);
            Arrays.fill(holders[i].arr, i + 7L);
            Pos p = holders[i].pos;
            p.x = i + 0.125;
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "for-each cell " + i, eachCells[i].value == 11 + i && eachCells[i].bumps == 1);
            expect(failed, "alias cell " + i, aliasCells[i].value == 100 + i && aliasCells[i].bumps == 1);
            expect(failed, "row alias " + i, rowAlias[i][i % COLS] == i + 0.25);
            expect(failed, "filled row " + i, filled[i][COLS - 1] == i + 0.5);
            expect(failed, "copied row " + i, copied[i][COLS - 1] == i + 0.75);
            expect(failed, "filled holder " + i, holders[i].arr[COLS - 1] == i + 7L);
            expect(failed, "pos alias " + i, holders[i].pos.x == i + 0.125);
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 10) {
            failed.add(what);
        }
    }
}
