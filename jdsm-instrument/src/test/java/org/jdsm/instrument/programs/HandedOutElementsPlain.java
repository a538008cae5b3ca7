package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of a shared array changed in place through what a JDK call hands out, as a Java 17
 * developer writes it: {@code Arrays.stream(cells).filter(..).forEach(c -> c.v = ..)}, {@code
 * Arrays.stream(cells, from, to)}, a sorted stream, {@code Arrays.copyOfRange(cells, from, to)},
 * {@code cells.clone()} and {@code System.arraycopy} into a private array, then a loop over the
 * copy, and {@code m.clone()} of a {@code double[][]} registered whole, its rows written through
 * the copy. The copy or stream holds the elements themselves, so each call must write-check what
 * it hands out. Every thread also sums all cells through a stream (read only) before and after.
 * Each thread changes the elements of its own range; after a barrier every thread checks all.
 */
public class HandedOutElementsPlain extends Spmd {

    private static final int PER_THREAD = 3;
    private static final int COLS = 2;

    /** An element of a shared array. */
    public static class Cell {
        int id;
        int v;
    }

    Cell[] streamed;
    Cell[] ranged;
    Cell[] sorted;
    Cell[] copied;
    Cell[] cloned;
    Cell[] arraycopied;
    double[][] rows;

    /** {@code n} cells, each knowing its index (also for {@link VarargsHandOutPlain}). */
    static Cell[] cells(int n) {
        Cell[] c = new Cell[n];
        for (int k = 0; k < n; k++) {
            c[k] = new Cell();
            c[k].id = k;
        }
        return c;
    }

    @Override
    public void init() {
        int n = PER_THREAD * threads();
        streamed = pool.register(cells(n), 2);
        ranged = pool.register(cells(n), 2);
        sorted = pool.register(cells(n), 2);
        copied = pool.register(cells(n), 2);
        cloned = pool.register(cells(n), 2);
        arraycopied = pool.register(cells(n), 2);
        rows = pool.register(new double[n][COLS], 1);
    }

    @Override
    public void start() {
        int me = myThread();
        int n = streamed.length;
        int from = me * PER_THREAD;
        int to = from + PER_THREAD;
        long before = 0;
        for (Cell[] cells : List.of(streamed, ranged, sorted, copied, cloned, arraycopied)) {
            before += Arrays.stream(cells).mapToInt(c -> c.v).sum(); // every node holds a copy of every block
        }
        before += (long) rows[n - 1 - from][0];
        barrier();
        Arrays.stream(streamed).filter(c -> c.id / PER_THREAD == me).forEach(c -> c.v = c.id + 1);
        Arrays.stream(ranged, from, to).forEach(c -> c.v += c.id + 1);
        Arrays.stream(sorted).sorted(Comparator.comparingInt(c -> -c.id))
                .filter(c -> c.id / PER_THREAD == me).forEach(c -> c.v = c.id + 1);
        for (Cell c : Arrays.copyOfRange(copied, from, to)) {
            c.v = c.id + 1;
        }
        Cell[] all = cloned.clone();
        for (int i = from; i < to; i++) {
            all[i].v = i + 1;
        }
        Cell[] mine = new Cell[PER_THREAD];
        System.arraycopy(arraycopied, from, mine, 0, PER_THREAD);
        for (Cell c : mine) {
            c.v = c.id + 1;
        }
        double[][] view = rows.clone();
        for (int i = from; i < to; i++) {
            view[i][1] = i + 0.5;
        }
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expect(failed, "Arrays.stream(cells).forEach " + i, streamed[i].v == i + 1);
            expect(failed, "Arrays.stream(cells, from, to) " + i, ranged[i].v == i + 1);
            expect(failed, "sorted stream " + i, sorted[i].v == i + 1);
            expect(failed, "Arrays.copyOfRange " + i, copied[i].v == i + 1);
            expect(failed, "clone() " + i, cloned[i].v == i + 1);
            expect(failed, "System.arraycopy " + i, arraycopied[i].v == i + 1);
            expect(failed, "rows.clone() " + i, rows[i][1] == i + 0.5);
        }
        long sum = Arrays.stream(streamed).mapToInt(c -> c.v).sum();
        expect(failed, "stream sum " + sum, sum == (long) n * (n + 1) / 2);
        Results.put(getClass().getSimpleName() + me, failed.isEmpty() ? "ok" : failed.toString());
    }

    private static void expect(List<String> failed, String what, boolean ok) {
        if (!ok && failed.size() < 10) {
            failed.add(what);
        }
    }
}
