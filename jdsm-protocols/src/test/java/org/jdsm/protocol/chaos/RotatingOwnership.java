package org.jdsm.protocol.chaos;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;

/**
 * A data-race-free program built to break a protocol, with its own oracle. Cells of a shared array
 * (four per block, so threads on different nodes write the same block: false sharing) change owner
 * every phase, so blocks migrate between nodes; a third of the cells rest in each phase and every
 * thread reads them, which must show the previous phase's value. Counters are incremented under
 * locks with seeded random choices whose totals the oracle replays. Random pauses everywhere.
 * Args: phases, increments per phase, seed.
 */
public class RotatingOwnership extends Spmd {

    static final int CELLS = 64;
    static final int COUNTERS = 4;

    long[] cells;
    long[] counters;

    @Override
    public void init() {
        cells = pool.register(new long[CELLS], 4);
        counters = pool.register(new long[COUNTERS], 1);
    }

    static long value(int phase, int cell) {
        return phase * 1_000_003L + cell * 7L + 1;
    }

    /** A cell rests (is not written) in phases where this holds; it is then safe to read. */
    static boolean rests(int phase, int cell) {
        return (cell + phase) % 3 == 0;
    }

    /** Value of a cell after {@code phase} phases (0 = initial). */
    static long expected(int phase, int cell) {
        for (int p = phase; p >= 1; p--) {
            if (!rests(p, cell)) {
                return value(p, cell);
            }
        }
        return 0;
    }

    int phases() {
        return Integer.parseInt(args().get(0));
    }

    int increments() {
        return Integer.parseInt(args().get(1));
    }

    long seed() {
        return Long.parseLong(args().get(2));
    }

    @Override
    public void start() {
        int me = myThread();
        Random choices = new Random(seed() + me);
        for (int phase = 1; phase <= phases(); phase++) {
            for (int cell = 0; cell < CELLS; cell++) {
                if ((cell + phase) % threads() != me || rests(phase, cell)) {
                    continue;
                }
                pool.acquire(cells, cell);
                check("owned cell " + cell, phase, cells[cell], expected(phase - 1, cell));
                pause();
                cells[cell] = value(phase, cell);
                pool.release(cells, cell);
            }
            for (int k = 0; k < increments(); k++) {
                int c = choices.nextInt(COUNTERS);
                pool.lock("counter" + c);
                pool.acquire(counters, c);
                long seen = counters[c];
                pause();
                counters[c] = seen + 1;
                pool.release(counters, c);
                pool.unlock("counter" + c);
            }
            for (int cell = 0; cell < CELLS; cell++) {
                if (rests(phase, cell)) {
                    pool.update(cells, cell);
                    check("resting cell " + cell, phase, cells[cell], expected(phase - 1, cell));
                }
            }
            barrier();
        }
        for (int cell = 0; cell < CELLS; cell++) {
            pool.update(cells, cell);
            check("final cell " + cell, phases(), cells[cell], expected(phases(), cell));
        }
        long[] totals = oracleCounters();
        for (int c = 0; c < COUNTERS; c++) {
            pool.update(counters, c);
            check("counter " + c, phases(), counters[c], totals[c]);
        }
        barrier();
    }

    /** Replays every thread's seeded choices. */
    long[] oracleCounters() {
        long[] totals = new long[COUNTERS];
        for (int t = 0; t < threads(); t++) {
            Random r = new Random(seed() + t);
            for (int i = 0; i < phases() * increments(); i++) {
                totals[r.nextInt(COUNTERS)]++;
            }
        }
        return totals;
    }

    private void check(String what, int phase, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException("thread " + myThread() + " phase " + phase + ": " + what
                    + " is " + actual + ", expected " + expected);
        }
    }

    private static void pause() {
        int r = ThreadLocalRandom.current().nextInt(100);
        if (r < 10) {
            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(200_000));
        } else if (r < 20) {
            Thread.yield();
        }
    }
}
