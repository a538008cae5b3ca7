package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Writes two and more levels below an element of a shared array or a shared object, as a newcomer
 * writes them: {@code cells[i].pos.x = v}, {@code cells[i].hits[1] = v}, {@code
 * cells[i].log.add(v)}, {@code cells[i].pos.shift(v)} (a method of the held object), {@code
 * holders[i].inner.pos.x = v} (a single shared object) and, through a local alias, {@code Cell c =
 * cells[i]; c.pos.y = v}. Each thread changes the cells {@code k} with {@code k % threads() ==
 * myThread()}, so every block is written from both nodes; after a barrier every thread checks
 * every value.
 */
public class DeeperWritesPlain extends Spmd {

    private static final int PER_THREAD = 3;

    /** An object held by an element. */
    public static class Pos {
        double x;
        double y;

        void shift(double by) {
            x += by;
        }
    }

    /** An element of a shared array. */
    public static class Cell {
        Pos pos = new Pos();
        Pos moved = new Pos();
        int[] hits = new int[2];
        List<Integer> log = new ArrayList<>();
    }

    /** What a single shared object holds. */
    public static class Inner {
        Pos pos = new Pos();
    }

    /** A single shared object. */
    public static class Holder {
        Inner inner = new Inner();
    }

    Cell[] cells;
    Holder[] holders;

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        Cell[] c = new Cell[n];
        for (int k = 0; k < n; k++) {
            c[k] = new Cell();
        }
        cells = pool.register(c, 2);
        holders = new Holder[n];
        for (int k = 0; k < n; k++) {
            holders[k] = pool.register(new Holder());
        }
    }

    @Override
    public void start() {
        int me = myThread();
        int n = cells.length;
        for (int i = me; i < n; i += threads()) {
            cells[i].pos.x = i + 0.5;
            cells[i].hits[1] = i;
            cells[i].log.add(i);
            cells[i].moved.shift(i);
            holders[i].inner.pos.x = i + 0.25;
            Cell c = cells[i];
            c.pos.y = i + 0.75;
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "cells[" + i + "].pos.x", cells[i].pos.x == i + 0.5);
            expect(failed, "cells[" + i + "].hits[1]", cells[i].hits[1] == i);
            expect(failed, "cells[" + i + "].log", cells[i].log.equals(List.of(i)));
            expect(failed, "cells[" + i + "].moved.x", cells[i].moved.x == i);
            expect(failed, "holders[" + i + "].inner.pos.x", holders[i].inner.pos.x == i + 0.25);
            expect(failed, "aliased cells[" + i + "].pos.y", cells[i].pos.y == i + 0.75);
        }
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 10) {
            failed.add(what);
        }
    }
}
