package org.jdsm.instrument.programs;

import org.jdsm.instrument.Results;

/**
 * One static lock named two ways: half the threads write {@code LOCK} (javac names this class,
 * which inherits it) and half {@code LockHolder.LOCK}; the same for an interface's {@code GUARD}.
 * In one JVM both are one monitor, so the job-wide lock must be one too: named after the class
 * that declares the field, not the one the code names.
 */
public class InheritedStaticLockPlain extends LockHolder implements Guards {

    double[] totals;

    @Override
    public void init() {
        totals = pool.register(new double[2], 1);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        boolean even = myThread() % 2 == 0;
        for (int r = 0; r < rounds; r++) {
            if (even) {
                synchronized (LOCK) {
                    totals[0] += mine;
                }
                synchronized (GUARD) {
                    totals[1] += mine;
                }
            } else {
                synchronized (LockHolder.LOCK) {
                    totals[0] += mine;
                }
                synchronized (Guards.GUARD) {
                    totals[1] += mine;
                }
            }
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), Totals.check(totals, Totals.expected(rounds, threads())));
    }
}
