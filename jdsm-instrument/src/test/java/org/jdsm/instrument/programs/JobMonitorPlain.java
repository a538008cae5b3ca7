package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * The usual reduction idioms of multithreaded Java on a shared total: {@code synchronized (this)}
 * in the job and a {@code synchronized} method of the job (the job object's monitor, one per node,
 * which must exclude every node's threads), and a node helper's lock object nested inside the
 * monitor of a shared one (excluded job-wide by the outer lock). Every thread adds its contribution
 * {@code rounds} times; after a barrier every thread checks the totals.
 */
public class JobMonitorPlain extends Spmd {

    double[] sums;
    Counter shared;
    final NodeHelper helper = new NodeHelper();

    @Override
    public void init() {
        sums = pool.register(new double[3], 1);
        shared = pool.register(new Counter());
    }

    synchronized void addLast(double x) {
        sums[1] += x;
    }

    @Override
    public void start() {
        int rounds = args().isEmpty() ? 20 : Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        for (int r = 0; r < rounds; r++) {
            synchronized (this) {
                sums[0] += mine;
            }
            addLast(mine);
            synchronized (shared) {
                synchronized (helper.lock) {
                    sums[2] += mine;
                }
            }
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), Totals.check(sums, Totals.expected(rounds, threads())));
    }
}
