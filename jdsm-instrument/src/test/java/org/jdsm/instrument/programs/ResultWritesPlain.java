package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of shared arrays changed through what a method with parameters returns, as an
 * object-minded newcomer writes it: {@code at(i).v = x} with {@code Cell at(int i) { return
 * cells[i]; }} of the job, {@code board.at(x, y).v = v} of a helper wrapping a shared {@code
 * Cell[]}, and {@code grid.row(i)[1] = v} of one wrapping a {@code double[][]} registered whole.
 * The callee only read-checks its load, so the writes are lost; the rewriter says so per site.
 */
public class ResultWritesPlain extends Spmd {

    private static final int PER_THREAD = 3;
    private static final int WIDTH = 2;

    /** An element of a shared array. */
    public static class Cell {
        int v;
    }

    /** A node's helper wrapping a shared matrix. */
    public static class Grid {
        final double[][] d;

        Grid(double[][] d) {
            this.d = d;
        }

        double[] row(int i) {
            return d[i];
        }
    }

    /** A node's helper wrapping a shared array as a board. */
    public static class Board {
        final Cell[] cells;

        Board(Cell[] cells) {
            this.cells = cells;
        }

        Cell at(int x, int y) {
            return cells[y * WIDTH + x];
        }
    }

    Cell[] cells;
    Grid grid;
    Board board;

    Cell at(int i) {
        return cells[i];
    }

    private static Cell[] cells(int n) {
        Cell[] c = new Cell[n];
        for (int k = 0; k < n; k++) {
            c[k] = new Cell();
        }
        return c;
    }

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        cells = pool.register(cells(n), 2);
        grid = new Grid(pool.register(new double[n][WIDTH], 1));
        board = new Board(pool.register(cells(n * WIDTH), 2));
    }

    @Override
    public void start() {
        int from = myThread() * PER_THREAD;
        for (int i = from; i < from + PER_THREAD; i++) {
            at(i).v = i + 1;
            grid.row(i)[1] = i + 0.5;
            board.at(1, i).v = i;
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}
