package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Each thread writes its own slot outside the lock and the total under a lock object of the job,
 * all in one block. Under SC the slot write holds the block until the thread's next
 * synchronization: a thread that stopped at the node's Java monitor still holding it (the thread
 * inside waiting for the job-wide lock, whose holder on the other node waits for the block)
 * would deadlock the job. Totals and slots are checked after a barrier.
 */
public class SlotsBesideLockedTotalPlain extends Spmd {

    double[] values;
    final Object lock = new Object();

    @Override
    public void init() {
        values = pool.register(new double[1 + threads()], 1 + threads()); // one block
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        double mine = myThread() + 1;
        for (int r = 0; r < rounds; r++) {
            values[1 + myThread()] += mine;
            synchronized (lock) {
                values[0] += mine;
            }
        }
        barrier();
        String result = Totals.check(new double[] {values[0]}, Totals.expected(rounds, threads()));
        for (int t = 0; t < threads(); t++) {
            if (values[1 + t] != rounds * (t + 1.0)) {
                result += " slot " + t + "=" + values[1 + t];
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), result);
    }
}
