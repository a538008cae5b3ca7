package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A lock object in a field of the job ({@code final Object lock = new Object()}): one job object
 * per node, so one lock per node, but the program means one, as with {@code synchronized (this)}.
 * Taken as {@code lock}, {@code this.lock}, and from a lambda and an inner class of the job
 * ({@code JobFieldLockPlain.this.lock}).
 */
public class JobFieldLockPlain extends Spmd {

    double[] totals;
    final Object lock = new Object();

    @Override
    public void init() {
        totals = pool.register(new double[3], 1);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        Runnable fromLambda = () -> {
            synchronized (lock) {
                totals[1] += mine;
            }
        };
        Runnable fromInnerClass = new Runnable() {
            @Override
            public void run() {
                synchronized (JobFieldLockPlain.this.lock) {
                    totals[2] += mine;
                }
            }
        };
        for (int r = 0; r < rounds; r++) {
            if (r % 2 == 0) {
                synchronized (lock) {
                    totals[0] += mine;
                }
            } else {
                synchronized (this.lock) {
                    totals[0] += mine;
                }
            }
            fromLambda.run();
            fromInnerClass.run();
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), Totals.check(totals, Totals.expected(rounds, threads())));
    }
}
