package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of a shared {@code Object[]} moved to other blocks by {@code Arrays.sort} and by {@code
 * System.arraycopy} inside the array, or put in by {@code list.toArray(cells)}, then kept by node 1
 * and written through after a barrier: the write must check the block the element is in now, not
 * the one it left (or none). Every node reads every element first, then checks after the last barrier.
 */
public class MovedElementsPlain extends Spmd {

    /** An element with a sort key. */
    public static class Cell {
        int key;
        int v;

        public Cell() {
        }

        Cell(int key) {
            this.key = key;
        }
    }

    private static final int N = 4;
    private static final int WRITER = 1;

    Cell[] sorted;
    Cell[] shifted;
    Cell[] listed;

    @Override
    public void init() {
        sorted = pool.register(descending(), 1);
        shifted = pool.register(descending(), 1);
        listed = pool.register(descending(), 1);
    }

    private static Cell[] descending() {
        Cell[] cells = new Cell[N];
        for (int i = 0; i < N; i++) {
            cells[i] = new Cell(N - 1 - i);
        }
        return cells;
    }

    @Override
    public void start() {
        int seen = 0;
        for (int i = 0; i < N; i++) {
            seen += sorted[i].v + shifted[i].v + listed[i].v; // a copy of each on every node
        }
        List<Cell> fresh = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            fresh.add(new Cell(i));
        }
        barrier();
        boolean writer = myNode() == WRITER && myThread() % threadsPerNode() == 0;
        if (writer) {
            Arrays.sort(sorted, Comparator.comparingInt((Cell c) -> c.key)); // the element of block 3 moves to block 0
            System.arraycopy(shifted, N - 1, shifted, 0, 1); // so does this one, also still in block 3
            fresh.toArray(listed); // new elements, put in by the JDK
        }
        barrier();
        Cell first = writer ? sorted[0] : null;
        Cell firstShifted = writer ? shifted[0] : null;
        barrier();
        if (writer) {
            first.v = 42;
            firstShifted.v = 43;
            for (Cell c : fresh) {
                c.v = 44;
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        if (sorted[0].key != 0 || sorted[0].v != 42) {
            failed.add("sorted[0]: key " + sorted[0].key + ", v " + sorted[0].v);
        }
        if (shifted[0].v != 43) {
            failed.add("shifted[0]: v " + shifted[0].v);
        }
        for (int i = 0; i < N; i++) {
            if (listed[i].v != 44) {
                failed.add("listed[" + i + "]: v " + listed[i].v);
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }
}
