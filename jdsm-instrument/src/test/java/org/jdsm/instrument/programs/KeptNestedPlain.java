package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code that keeps references to objects held inside shared objects, taken once in
 * {@code start()} before the first barrier, and writes through them after each barrier: an object
 * held in a field of an element of a shared {@code Object[]} ({@code Pos p = cells[i].pos}), one
 * held in an {@code ArrayList} field of an element ({@code cells[i].list.get(0)}), one two levels
 * down ({@code cells[i].pos.inner}), and, in a single shared object ({@code pool.register(holder)}),
 * one held in an array field and one in a list field; and objects this thread stored into a field
 * of an element ({@code cells[i].fresh = new Pos()}) and of an object inside one
 * ({@code cells[i].pos.later = new Inner()}) in the first interval and kept, also into an element
 * of a block no other node writes (so no content comes in that would tell the new object its
 * block), homed on the other node. The two cells of a block are written from
 * different nodes ({@link BlockWriters}), each thread writes its own parts of the single object.
 * After the last step every part must hold the number of steps, read through the array or object
 * and through the kept references.
 */
public class KeptNestedPlain extends Spmd {

    static final int STEPS = 3;

    /** An object held inside an element. */
    public static class Pos {
        long x;
        Inner inner = new Inner();
        Inner later;
    }

    /** An object held two levels down. */
    public static class Inner {
        long y;
    }

    /** An element of the shared array. */
    public static class Cell {
        Pos pos = new Pos();
        ArrayList<Pos> list = new ArrayList<>(List.of(new Pos()));
        Pos fresh;
    }

    /** A single shared object. */
    public static class Holder {
        Pos[] parts;
        ArrayList<Pos> list = new ArrayList<>();
    }

    Cell[] cells;
    /** One cell per thread, a block each: thread {@code t} writes cell {@code (t + 2) % threads}, homed on the other node at 2x2. */
    Cell[] own;
    Holder holder;

    @Override
    public void init() {
        Cell[] c = new Cell[4 * threads()];
        for (int k = 0; k < c.length; k++) {
            c[k] = new Cell();
        }
        cells = pool.register(c, 2);
        Cell[] o = new Cell[threads()];
        for (int k = 0; k < o.length; k++) {
            o[k] = new Cell();
        }
        own = pool.register(o, 1);
        Holder h = new Holder();
        h.parts = new Pos[threads()];
        for (int t = 0; t < threads(); t++) {
            h.parts[t] = new Pos();
            h.list.add(new Pos());
        }
        holder = pool.register(h);
    }

    @Override
    public void start() {
        List<Pos> fields = new ArrayList<>();
        List<Pos> inList = new ArrayList<>();
        List<Inner> deeper = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            if (BlockWriters.writer(i, threads()) == myThread()) {
                fields.add(cells[i].pos);
                inList.add(cells[i].list.get(0));
                deeper.add(cells[i].pos.inner);
            }
        }
        Pos part = holder.parts[myThread()];
        Pos listed = holder.list.get(myThread());
        barrier();
        List<Pos> stored = new ArrayList<>();
        List<Inner> storedDeeper = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            if (BlockWriters.writer(i, threads()) == myThread()) {
                Pos p = new Pos();
                cells[i].fresh = p;
                stored.add(p);
                Inner in = new Inner();
                cells[i].pos.later = in;
                storedDeeper.add(in);
            }
        }
        Pos alone = new Pos();
        own[(myThread() + 2) % threads()].fresh = alone;
        barrier();
        for (int s = 0; s < STEPS; s++) {
            alone.x++;
            for (Pos p : fields) {
                p.x++;
            }
            for (Pos p : inList) {
                p.x++;
            }
            for (Inner in : deeper) {
                in.y++;
            }
            for (Inner in : storedDeeper) {
                in.y++;
            }
            for (Pos p : stored) {
                p.x++;
            }
            part.x++;
            listed.x++;
            barrier();
        }
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            if (cells[i].pos.x != STEPS) {
                failed.add("field(" + i + "): " + cells[i].pos.x);
            }
            if (cells[i].list.get(0).x != STEPS) {
                failed.add("list(" + i + "): " + cells[i].list.get(0).x);
            }
            if (cells[i].pos.inner.y != STEPS) {
                failed.add("deeper(" + i + "): " + cells[i].pos.inner.y);
            }
            if (cells[i].pos.later.y != STEPS) {
                failed.add("storedDeeper(" + i + "): " + cells[i].pos.later.y);
            }
            if (cells[i].fresh.x != STEPS) {
                failed.add("stored(" + i + "): " + cells[i].fresh.x);
            }
        }
        for (int t = 0; t < threads(); t++) {
            if (own[t].fresh.x != STEPS) {
                failed.add("storedAlone(" + t + "): " + own[t].fresh.x);
            }
            if (holder.parts[t].x != STEPS) {
                failed.add("singleArray(" + t + "): " + holder.parts[t].x);
            }
            if (holder.list.get(t).x != STEPS) {
                failed.add("singleList(" + t + "): " + holder.list.get(t).x);
            }
        }
        for (Pos p : fields) {
            if (p.x != STEPS) {
                failed.add("kept field: " + p.x);
                break;
            }
        }
        if (part.x != STEPS || listed.x != STEPS) {
            failed.add("kept single: " + part.x + ", " + listed.x);
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : failed.toString());
    }
}
