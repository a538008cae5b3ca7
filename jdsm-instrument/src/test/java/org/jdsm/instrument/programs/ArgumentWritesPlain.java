package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared elements and fields changed by the methods they are passed to, as a newcomer writes
 * helpers: {@code kick(cells[i], v)} (a static helper setting the cell's fields), {@code
 * Movers.push(cells[i])} (another class's), {@code clear(grid[i], v)} (a row of a {@code
 * double[][]} registered whole, filled by a helper), a local alias passed on ({@code Cell c =
 * aliased[i]; kick(c, v)}) and {@code place(holders[i].pos, v)} (an object held in a field of a
 * shared one). Each thread changes the elements {@code k} with {@code k % threads() == myThread()},
 * so every block is written from both nodes; after a barrier every thread checks every value.
 */
public class ArgumentWritesPlain extends Spmd {

    private static final int PER_THREAD = 3;
    private static final int COLS = 4;

    /** An element of a shared array. */
    public static class Cell {
        int value;
        int pushes;
    }

    /** A value held in a field of a shared object. */
    public static class Pos {
        double x;
    }

    /** A single shared object holding an object. */
    public static class Holder {
        Pos pos = new Pos();
    }

    /** Helpers of another class. */
    public static final class Movers {
        private Movers() {
        }

        static void push(Cell c) {
            c.pushes++;
        }
    }

    Cell[] cells;
    Cell[] aliased;
    double[][] grid;
    Holder[] holders;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        cells = pool.register(cells(n), 2);
        aliased = pool.register(cells(n), 2);
        grid = pool.register(new double[n][COLS], 2);
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

    static void kick(Cell c, int v) {
        c.value = v;
    }

    static void clear(double[] row, double v) {
        for (int j = 0; j < row.length; j++) {
            row[j] = v;
        }
    }

    static void place(Pos p, double x) {
        p.x = x;
    }

    @Override
    public void start() {
        int me = myThread();
        int n = cells.length;
        for (int i = me; i < n; i += threads()) {
            kick(cells[i], 10 + i);
            Movers.push(cells[i]);
            clear(grid[i], i + 0.5);
            Cell c = aliased[i];
            kick(c, 100 + i);
            place(holders[i].pos, i + 0.25);
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "kicked cell " + i, cells[i].value == 10 + i);
            expect(failed, "pushed cell " + i, cells[i].pushes == 1);
            expect(failed, "cleared row " + i, grid[i][COLS - 1] == i + 0.5);
            expect(failed, "aliased cell " + i, aliased[i].value == 100 + i);
            expect(failed, "placed pos " + i, holders[i].pos.x == i + 0.25);
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 10) {
            failed.add(what);
        }
    }
}
