package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared objects changed through their getters, as a newcomer writes it: {@code
 * ledger.getEntries().add(x)} under {@code synchronized (ledger)} (a single shared object), {@code
 * cells[i].getPos().x = v} (an element of a shared array) and {@code cells[i].nudge()}, whose own
 * code changes its object through a getter ({@code getPos().x += 1}). Each thread changes the cells
 * {@code k} with {@code k % threads() == myThread()}, so every block is written from both nodes;
 * after a barrier every thread checks every value.
 */
public class GettersPlain extends Spmd {

    private static final int PER_THREAD = 3;

    /** A single shared object whose list is reached through a getter. */
    public static class Ledger {
        private final List<Integer> entries = new ArrayList<>();

        List<Integer> getEntries() {
            return entries;
        }
    }

    /** A value held by a cell. */
    public static class Pos {
        double x;
    }

    /** An element of a shared array. */
    public static class Cell {
        private final Pos pos = new Pos();
        private final Pos other = new Pos();

        Pos getPos() {
            return pos;
        }

        Pos getOther() {
            return other;
        }

        void nudge() {
            getOther().x += 1;
        }
    }

    Ledger ledger;
    Cell[] cells;

    @Override
    public void init() {
        ledger = pool.register(new Ledger());
        Cell[] c = new Cell[PER_THREAD * threads()];
        for (int k = 0; k < c.length; k++) {
            c[k] = new Cell();
        }
        cells = pool.register(c, 2);
    }

    @Override
    public void start() {
        int me = myThread();
        for (int k = 0; k < 4; k++) {
            synchronized (ledger) {
                ledger.getEntries().add(me);
            }
        }
        for (int i = me; i < cells.length; i += threads()) {
            cells[i].getPos().x = i + 0.5;
            cells[i].nudge();
        }
        barrier();
        List<String> failed = new ArrayList<>();
        synchronized (ledger) {
            if (ledger.getEntries().size() != 4 * threads()) {
                failed.add("ledger has " + ledger.getEntries().size() + " entries");
            }
        }
        for (int i = 0; i < cells.length; i++) {
            if (cells[i].getPos().x != i + 0.5 && failed.size() < 10) {
                failed.add("pos " + i);
            }
            if (cells[i].getOther().x != 1 && failed.size() < 10) {
                failed.add("nudged " + i);
            }
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }
}
