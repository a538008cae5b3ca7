package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * The most common reduction of multithreaded Java, {@code synchronized (LOCK) { total += x; }}
 * with a {@code private static final Object LOCK}: one lock per JVM, so one per node, but the
 * program means one. Also taken reentrantly (nested in itself), and left by an exception every
 * third round (the next thread must still get it, and the write before the throw count). Every
 * thread checks the totals after a barrier.
 */
public class StaticLockPlain extends Spmd {

    private static final Object LOCK = new Object();

    double[] totals;

    @Override
    public void init() {
        totals = pool.register(new double[3], 1);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        for (int r = 0; r < rounds; r++) {
            synchronized (LOCK) {
                totals[0] += mine;
            }
            synchronized (LOCK) {
                synchronized (LOCK) {
                    totals[1] += mine;
                }
            }
            try {
                synchronized (LOCK) {
                    totals[2] += mine;
                    if (r % 3 == 0) {
                        throw new IllegalStateException("thrown inside synchronized (LOCK)");
                    }
                }
            } catch (IllegalStateException expected) {
                // the lock is released on the way out
            }
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), Totals.check(totals, Totals.expected(rounds, threads())));
    }
}
