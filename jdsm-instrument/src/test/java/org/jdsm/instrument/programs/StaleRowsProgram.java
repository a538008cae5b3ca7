package org.jdsm.instrument.programs;

import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * What the programs that write shared rows away from their homes share. Each registers arrays with
 * one row a block ({@link #rows()}, {@link #holders()}), reads every row first ({@link #touch}) so
 * that every node holds a copy, then after a barrier has each thread write the row
 * {@link #otherRow()}, homed on another node, through the shapes under test: on three or more
 * nodes the copies the next barrier makes stale sit where neither writer nor home is. After that
 * barrier every thread checks every row ({@link #expect}) and reports ({@link #report}). It lives
 * in the programs package so that the rewriter instruments it with them.
 */
public abstract class StaleRowsProgram extends Spmd {

    protected static final int COLS = 4;

    /** An element holding an array. */
    public static class Holder {
        long[] values = new long[COLS];
    }

    /** A new {@code long[threads()][COLS]}, registered whole with one row a block. */
    protected long[][] rows() {
        return pool.register(new long[threads()][COLS], 1);
    }

    /** A new {@code Holder[threads()]}, registered with one element a block. */
    protected Holder[] holders() {
        Holder[] h = new Holder[threads()];
        for (int i = 0; i < h.length; i++) {
            h[i] = new Holder();
        }
        return pool.register(h, 1);
    }

    /** Reads every row of each of {@code arrays}, so that this node holds a copy of each; returns what it read. */
    protected long touch(long[][]... arrays) {
        long seen = 0;
        for (long[][] m : arrays) {
            for (int i = 0; i < threads(); i++) {
                seen += m[i][0];
            }
        }
        return seen;
    }

    /** Reads every held array of {@code holders}, as {@link #touch} does rows. */
    protected long touch(Holder[] holders) {
        long seen = 0;
        for (int i = 0; i < threads(); i++) {
            seen += holders[i].values[0];
        }
        return seen;
    }

    /** The row (block) the calling thread writes: that of the thread a node's threads further on, homed on another node. */
    protected int otherRow() {
        return (myThread() + threadsPerNode()) % threads();
    }

    /** What row (block) {@code row} is written with. */
    protected static long value(int row) {
        return row * 10L + 7;
    }

    /** What column {@code col} of row {@code row} is written with. */
    protected static long value(int row, int col) {
        return row * 10L + col + 1;
    }

    /** Adds the first wrong row of {@code what} to {@code failed}. */
    protected static void expect(List<String> failed, String what, int i, long got, long want) {
        if (got != want && failed.stream().noneMatch(s -> s.startsWith(what + " "))) {
            failed.add(what + " [" + i + "] " + got + " != " + want);
        }
    }

    /** Reports the calling thread's result ({@link Results}): "ok" or what {@code failed} holds; {@code seen} is what {@link #touch} read. */
    protected void report(List<String> failed, long seen) {
        Results.put(getClass().getSimpleName() + myThread(),
                failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }
}
