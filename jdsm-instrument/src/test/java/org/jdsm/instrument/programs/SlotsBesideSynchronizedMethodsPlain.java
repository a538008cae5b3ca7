package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Each thread writes its own slot and then calls a {@code synchronized} method that adds to a
 * total in the same block: a synchronized method of the job (the job-wide job-monitor lock, taken
 * reentrantly through another one), a {@code static synchronized} method that throws every third
 * round after adding, and a synchronized method of a shared object. Under SC the slot write holds
 * the block until the thread's next synchronization; a thread stopped at its node's monitor while
 * still holding it would deadlock with the thread inside, which waits for the block. Totals and
 * slots are checked after a barrier.
 */
public class SlotsBesideSynchronizedMethodsPlain extends Spmd {

    private static final int TOTALS = 3;

    /** A shared object whose synchronized method takes its JDSM lock. */
    public static class Accumulator {
        long calls;

        public synchronized void addTo(double[] to, int k, double x) {
            calls++;
            to[k] += x;
        }
    }

    double[] values;
    Accumulator accumulator;

    @Override
    public void init() {
        values = pool.register(new double[TOTALS + threads()], TOTALS + threads()); // one block
        accumulator = pool.register(new Accumulator());
    }

    synchronized void addTotal(double x) {
        values[0] += x;
    }

    synchronized void addHalves(double x) {
        addTotal(x / 2);
        addTotal(x / 2);
    }

    static synchronized void addOrFail(double[] to, double x, boolean fail) {
        to[1] += x;
        if (fail) {
            throw new IllegalStateException("thrown inside a static synchronized method");
        }
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        int slot = TOTALS + myThread();
        for (int r = 0; r < rounds; r++) {
            values[slot] += mine;
            addHalves(mine);
            values[slot] += mine;
            try {
                addOrFail(values, mine, r % 3 == 0);
            } catch (IllegalStateException expected) {
                // the monitor and its lock are released on the way out
            }
            values[slot] += mine;
            accumulator.addTo(values, 2, mine);
        }
        barrier();
        double[] totals = new double[TOTALS];
        System.arraycopy(values, 0, totals, 0, TOTALS);
        String result = Totals.check(totals, Totals.expected(rounds, threads()));
        for (int t = 0; t < threads(); t++) {
            if (values[TOTALS + t] != TOTALS * rounds * (t + 1.0)) {
                result += " slot " + t + "=" + values[TOTALS + t];
            }
        }
        long calls;
        synchronized (accumulator) {
            calls = accumulator.calls;
        }
        if (calls != (long) rounds * threads()) {
            result += " calls=" + calls;
        }
        Results.put(getClass().getSimpleName() + myThread(), result);
    }
}
