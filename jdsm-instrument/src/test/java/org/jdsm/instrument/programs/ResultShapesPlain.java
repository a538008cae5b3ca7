package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * More shapes of writing into what a method of the job returns (see ResultWritesPlain): a method
 * that catches a failed lookup's exception before it returns its element, methods that
 * return an element chosen by a conditional expression or a switch expression, one that returns
 * what another method of the job returns, a lambda that returns an element ({@code
 * Supplier<Cell>}), and a {@code synchronized} accessor of the job, whose monitor (a job-wide
 * lock) it leaves between its load and the caller's store, and a getter that returns an element
 * of the job's shared array ({@code current().v = v}). Each shape runs in an
 * interval of its own (a barrier after it), so no other write of the same block in that interval
 * covers for a lost one, and the two cells of a block are written from different nodes
 * ({@link BlockWriters}). After the last shape every thread checks every value.
 */
public class ResultShapesPlain extends Spmd {

    private static final String[] SHAPES = {"afterMissing", "conditional", "switchExpression", "passedOn", "supplier", "synchronizedAt", "getter"};

    /** An element of a shared array: one value per shape. */
    public static class Cell {
        final int[] by = new int[SHAPES.length];
        /** The getter shape's value: stored into straight, not through {@code by}. */
        int v;
    }

    Cell[] cells;
    /** Per thread: the cell {@link #current} returns. */
    int[] cursor;

    /** Throws for a cell that does not exist, as a lookup does. */
    Cell lookup(int i) {
        if (i >= cells.length) {
            throw new NoSuchElementException("no cell " + i);
        }
        return cells[i];
    }

    /** Cell {@code i}, after marking its neighbour a row down, which does not exist. */
    Cell afterMissing(int i) {
        try {
            lookup(i + cells.length).by[0] = -1;
        } catch (NoSuchElementException e) {
            // no neighbour: nothing to mark
        }
        return cells[i];
    }

    /** Cell {@code i} counted from the front or, if {@code fromEnd}, from the back. */
    Cell counted(int i, boolean fromEnd) {
        return fromEnd ? cells[cells.length - 1 - i] : cells[i];
    }

    /** The cell {@code k} steps from cell {@code i} in direction {@code dir}: 1 right, 2 left, else none. */
    Cell step(int i, int dir, int k) {
        return switch (dir) {
            case 1 -> cells[i + k];
            case 2 -> cells[i - k];
            default -> cells[i];
        };
    }

    /** The calling thread's current cell. */
    Cell current() {
        return cells[cursor[myThread()]];
    }

    synchronized Cell synchronizedAt(int i) {
        return cells[i];
    }

    /** Cell {@code i}, as {@link #lookup} finds it. */
    Cell passedOn(int i) {
        return lookup(i);
    }

    @Override
    public void init() {
        Cell[] c = new Cell[3 * threads()];
        for (int k = 0; k < c.length; k++) {
            c[k] = new Cell();
        }
        cells = pool.register(c, 2);
        cursor = new int[threads()];
    }

    @Override
    public void start() {
        int n = cells.length;
        for (int shape = 0; shape < SHAPES.length; shape++) {
            for (int i = 0; i < n; i++) {
                if (BlockWriters.writer(i, threads()) == myThread()) {
                    write(shape, i, i + 1);
                }
            }
            barrier();
        }
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int shape = 0; shape < SHAPES.length; shape++) {
                int got = SHAPES[shape].equals("getter") ? cells[i].v : cells[i].by[shape];
                if (got != i + 1 && failed.size() < 10) {
                    failed.add(SHAPES[shape] + "(" + i + ")");
                }
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }

    private void write(int shape, int i, int v) {
        switch (shape) {
            case 0 -> afterMissing(i).by[0] = v;
            case 1 -> counted(i % 2 == 0 ? i : cells.length - 1 - i, i % 2 != 0).by[1] = v;
            case 2 -> step(i, i % 3, 0).by[2] = v;
            case 3 -> passedOn(i).by[3] = v;
            case 4 -> {
                Supplier<Cell> cell = () -> cells[i];
                cell.get().by[4] = v;
            }
            case 5 -> synchronizedAt(i).by[5] = v;
            case 6 -> {
                cursor[myThread()] = i;
                current().v = v;
            }
            default -> throw new IllegalArgumentException("shape " + shape);
        }
    }
}
