package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Reductions through {@code static synchronized} methods (the monitor is the class object, one per
 * JVM): one that calls another (reentrant), and a {@code synchronized (StaticSynchronizedPlain.class)}
 * block adding to the same total as a static synchronized method, which in one JVM is the same
 * monitor.
 */
public class StaticSynchronizedPlain extends Spmd {

    double[] totals;

    @Override
    public void init() {
        totals = pool.register(new double[2], 1);
    }

    static synchronized void add(double[] to, int k, double x) {
        to[k] += x;
    }

    static synchronized void addHalvesTo(double[] to, int k, double x) {
        add(to, k, x / 2);
        add(to, k, x / 2);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        for (int r = 0; r < rounds; r++) {
            addHalvesTo(totals, 0, mine);
            if (r % 2 == 0) {
                add(totals, 1, mine);
            } else {
                synchronized (StaticSynchronizedPlain.class) {
                    totals[1] += mine;
                }
            }
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), Totals.check(totals, Totals.expected(rounds, threads())));
    }
}
