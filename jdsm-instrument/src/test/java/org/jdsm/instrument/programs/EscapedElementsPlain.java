package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of a shared {@code Object[]} reached in ways the rewriter cannot trace to their load, each
 * written in an interval of its own, a barrier after it: an element this thread stored into the array
 * ({@code cells[i] = new Cell(i)}) and kept, written after a barrier; an element returned through a
 * method reference ({@code f.apply(i).v = x}); an element stored into a field of a private object
 * in an earlier interval and written through that field; an element passed through a JDK method
 * ({@code Objects.requireNonNull(at(i)).v = x}); a kept element changed by its own method; an
 * element chosen by a conditional expression ({@code (c ? cells[i] : cells[j]).v = x}); a kept
 * element written by a lambda that captured it, and by a static method it is passed to. The two
 * cells of a block are written from different nodes ({@link BlockWriters}). At the end every thread
 * reads every value through references to all elements it kept before the writes, then through
 * the array.
 */
public class EscapedElementsPlain extends Spmd {

    private static final String[] SHAPES = {"storedElement", "methodReference", "field", "jdkCall", "ownMethod", "conditional",
        "lambdaCapture", "parameter"};

    /** An element of the shared array. */
    public static class Cell {
        final int index;
        int byStoredElement;
        int byMethodReference;
        int byField;
        int byJdkCall;
        int byOwnMethod;
        int byConditional;
        int byLambdaCapture;
        int byParameter;

        Cell(int index) {
            this.index = index;
        }

        void setByOwnMethod(int v) {
            byOwnMethod = v;
        }

        int by(int shape) {
            return switch (shape) {
                case 0 -> byStoredElement;
                case 1 -> byMethodReference;
                case 2 -> byField;
                case 3 -> byJdkCall;
                case 4 -> byOwnMethod;
                case 5 -> byConditional;
                case 6 -> byLambdaCapture;
                default -> byParameter;
            };
        }
    }

    /** A private object that holds an element in a field. */
    static final class Holder {
        Cell cell;
    }

    Cell[] cells;

    Cell at(int i) {
        return cells[i];
    }

    static void setByParameter(Cell c, int v) {
        c.byParameter = v;
    }

    @Override
    public void init() {
        Cell[] c = new Cell[4 * threads()];
        for (int k = 0; k < c.length; k++) {
            c[k] = new Cell(k);
        }
        cells = pool.register(c, 2);
    }

    @Override
    public void start() {
        List<Integer> mine = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            if (BlockWriters.writer(i, threads()) == myThread()) {
                mine.add(i);
            }
        }
        List<Cell> stored = new ArrayList<>();
        for (int i : mine) {
            Cell c = new Cell(i);
            cells[i] = c;
            stored.add(c);
        }
        barrier();
        for (Cell c : stored) {
            c.byStoredElement = c.index + 1;
        }
        barrier();
        IntFunction<Cell> cell = this::at;
        for (int i : mine) {
            cell.apply(i).byMethodReference = i + 1;
        }
        List<Holder> held = new ArrayList<>();
        for (int i : mine) {
            Holder h = new Holder();
            h.cell = cells[i];
            held.add(h);
        }
        barrier();
        for (Holder h : held) {
            h.cell.byField = h.cell.index + 1;
        }
        barrier();
        for (int i : mine) {
            Objects.requireNonNull(at(i)).byJdkCall = i + 1;
        }
        List<Cell> all = new ArrayList<>();
        for (Cell c : cells) {
            all.add(c);
        }
        barrier();
        for (Cell c : stored) {
            c.setByOwnMethod(c.index + 1);
        }
        barrier();
        for (int i : mine) {
            (i % 2 == 0 ? cells[i] : at(i)).byConditional = i + 1;
        }
        List<Runnable> captured = new ArrayList<>();
        for (Cell c : stored) {
            captured.add(() -> c.byLambdaCapture = c.index + 1);
        }
        barrier();
        captured.forEach(Runnable::run);
        barrier();
        for (Cell c : stored) {
            setByParameter(c, c.index + 1);
        }
        barrier();
        List<String> failed = new ArrayList<>(); // the first lost value of each shape
        for (int shape = 0; shape < SHAPES.length; shape++) {
            for (int i = 0; i < cells.length; i++) {
                int now = cells[i].by(shape);
                int kept = all.get(i).by(shape);
                if (now != i + 1 || kept != i + 1) {
                    failed.add(SHAPES[shape] + "(" + i + "): " + now + ", through the kept reference " + kept);
                    break;
                }
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}
