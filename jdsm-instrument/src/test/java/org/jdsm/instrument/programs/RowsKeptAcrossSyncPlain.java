package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of {@code double[][]}s registered whole (one row a block) loaded into locals, then written
 * and read through those locals after a synchronization, the check at the load long over: a row
 * kept across a {@code barrier()} ({@code double[] row = m[i]; barrier(); row[j] = v}), rows
 * hoisted out of a time-step loop with a barrier each step (one homed on this node, one homed on
 * another, and a row another thread writes, read each step), a row summed into under a job-wide
 * {@code synchronized} block and under {@code pool.lock}/{@code unlock} by every thread, and a row
 * kept across a call of a method of the job that calls {@code barrier()}, rows kept across a barrier
 * then written by {@code Arrays.fill} and {@code System.arraycopy} and read by the latter. Every write must reach
 * the row's home and every read see the latest value ({@link StaleRowsProgram}). The argument is
 * the number of time steps.
 */
public class RowsKeptAcrossSyncPlain extends StaleRowsProgram {

    private static final Object LOCK = new Object();
    private static final int SUMS = 20;

    double[][] kept;
    double[][] own;
    double[][] stepped;
    double[][] summed;
    double[][] called;
    double[][] filled;
    double[][] copied;

    @Override
    public void init() {
        kept = matrix();
        own = matrix();
        stepped = matrix();
        summed = matrix();
        called = matrix();
        filled = matrix();
        copied = matrix();
    }

    private double[][] matrix() {
        return pool.register(new double[threads()][COLS], 1);
    }

    @Override
    public void start() {
        int steps = Integer.parseInt(args().get(0));
        int r = otherRow();
        int me = myThread();
        int next = (me + 1) % threads(); // written by another thread, homed on whichever node
        List<String> failed = new ArrayList<>();
        double[] keptRow = kept[r];
        double[] keptWatched = kept[next];
        double[] ownRow = own[me];
        double[] steppedRow = stepped[r];
        double[] watched = stepped[writerOf(next)];
        double[] total = summed[0];
        double[] calledRow = called[r];
        double[] filledRow = filled[r];
        double[] copiedRow = copied[r];
        double[] copiedWatched = copied[next];
        double seen = 0;
        for (double[][] m : List.of(kept, own, stepped, summed, called, filled, copied)) { // every node holds a copy of every row
            for (int i = 0; i < threads(); i++) {
                seen += m[i][0];
            }
        }
        barrier();
        keptRow[1] = value(r, 1);
        barrier();
        expect(failed, "kept read", next, (long) keptWatched[1], value(next, 1));
        keptRow[3] = value(r, 3);
        long first = value(r, 0); // value(r, j) is first + j: the loop calls nothing, so its checks go before it
        for (int step = 1; step <= steps; step++) {
            for (int j = 0; j < COLS; j++) {
                steppedRow[j] = step * 100 + first + j;
                ownRow[j] += 1;
            }
            barrier();
            for (int j = 0; j < COLS; j++) {
                expect(failed, "stepped read at step " + step, j, (long) watched[j], step * 100 + value(writerOf(next), j));
            }
            barrier();
        }
        for (int k = 0; k < SUMS; k++) {
            synchronized (LOCK) {
                total[0] += 1;
            }
            pool.lock("rows-kept");
            total[1] += 1;
            pool.unlock("rows-kept");
        }
        double[] calledWatched = called[next];
        callBarrier();
        calledRow[2] = value(r, 2);
        callBarrier();
        expect(failed, "called read", next, (long) calledWatched[2], value(next, 2));
        calledRow[1] = value(r, 1);
        Arrays.fill(filledRow, value(r));
        System.arraycopy(new double[] {value(r, 0), value(r, 1)}, 0, copiedRow, 0, 2);
        barrier();
        double[] copiedSeen = new double[2];
        System.arraycopy(copiedWatched, 0, copiedSeen, 0, 2);
        expect(failed, "copied read", next, (long) copiedSeen[1], value(next, 1));
        for (int i = 0; i < threads(); i++) {
            expect(failed, "kept", i, (long) kept[i][1], value(i, 1));
            expect(failed, "kept after read", i, (long) kept[i][3], value(i, 3));
            expect(failed, "stepped", i, (long) stepped[i][COLS - 1], steps * 100 + value(i, COLS - 1));
            expect(failed, "own", i, (long) own[i][0], steps);
            expect(failed, "called", i, (long) called[i][2], value(i, 2));
            expect(failed, "called after read", i, (long) called[i][1], value(i, 1));
            expect(failed, "filled", i, (long) filled[i][COLS - 1], value(i));
            expect(failed, "copied", i, (long) copied[i][0], value(i, 0));
        }
        expect(failed, "synchronized total", 0, (long) summed[0][0], (long) SUMS * threads());
        expect(failed, "locked total", 0, (long) summed[0][1], (long) SUMS * threads());
        report(failed, (long) seen);
    }

    /** The thread that writes row {@code row} ({@link #otherRow} is a permutation). */
    private int writerOf(int row) {
        return (row - threadsPerNode() + threads()) % threads();
    }

    /** A method of the job that synchronizes: the caller's kept rows must be checked again after it. */
    private void callBarrier() {
        barrier();
    }
}
