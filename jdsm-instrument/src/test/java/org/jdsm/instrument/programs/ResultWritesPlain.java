package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of shared arrays changed through what a method returns, as an object-minded newcomer
 * writes it: {@code at(i).v = x} with {@code Cell at(int i) { return cells[i]; }} of the job,
 * {@code board.at(x, y).v = v} of a helper wrapping a shared {@code Cell[]}, {@code grid.row(i)[1]
 * = v} of one wrapping a {@code double[][]} registered whole, the result kept in a local first
 * ({@code Cell c = at(i); c.w = x}), a method called on it ({@code at(i).bump()}), a call in a
 * counted loop, one through an interface and an override with a narrower return type, and a
 * callee that returns its element through a local. Each thread changes the cells {@code k} with
 * {@code k % threads() == myThread()}, so every block is written from both nodes; after a barrier
 * every thread checks every value.
 */
public class ResultWritesPlain extends Spmd {

    private static final int PER_THREAD = 3;
    private static final int WIDTH = 2;

    /** An element of a shared array. */
    public static class Cell {
        int v;
        int w;
        int bumps;
        int looped;
        int viaView;
        int viaLocal;

        void bump() {
            bumps++;
        }
    }

    /** A view of the cells. */
    public interface View {
        Object cell(int i);
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
    public static class Board implements View {
        final Cell[] cells;

        Board(Cell[] cells) {
            this.cells = cells;
        }

        Cell at(int x, int y) {
            return cells[y * WIDTH + x];
        }

        @Override
        public Cell cell(int i) { // narrower than View's: javac adds a bridge
            Cell c = cells[i];
            return c;
        }
    }

    Cell[] cells;
    Grid grid;
    Board board;
    View view;

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
        view = board;
    }

    @Override
    public void start() {
        int me = myThread();
        int n = cells.length;
        for (int i = me; i < n; i += threads()) {
            at(i).v = i + 1;
            grid.row(i)[1] = i + 0.5;
            board.at(1, i).v = i;
            Cell c = at(i);
            c.w = i + 2;
            at(i).bump();
            ((Cell) view.cell(i * WIDTH)).viaView = i + 3; // board.at(1, i) is cell 2i+1: no two threads write one cell
            board.cell(i * WIDTH).viaLocal = i + 4;
        }
        for (int i = 0; i < n; i++) {
            if (i % threads() == me) {
                at(i).looped = i + 5;
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "at(" + i + ").v", cells[i].v == i + 1);
            expect(failed, "grid.row(" + i + ")[1]", grid.d[i][1] == i + 0.5);
            expect(failed, "board.at(1, " + i + ").v", board.cells[i * WIDTH + 1].v == i);
            expect(failed, "local of at(" + i + ").w", cells[i].w == i + 2);
            expect(failed, "at(" + i + ").bump()", cells[i].bumps == 1);
            expect(failed, "in a loop at(" + i + ").looped", cells[i].looped == i + 5);
            expect(failed, "view.cell(" + i * WIDTH + ").viaView", board.cells[i * WIDTH].viaView == i + 3);
            expect(failed, "board.cell(" + i * WIDTH + ").viaLocal", board.cells[i * WIDTH].viaLocal == i + 4);
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 10) {
            failed.add(what);
        }
    }
}
