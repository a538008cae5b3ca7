package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Threads of every node take turns in thread order, waiting with plain {@code wait()} until a
 * shared counter names them and passing on with {@code notifyAll()}: first under a
 * {@code private static final Object LOCK}, then under the job object's monitor
 * ({@code synchronized (this)}), both job-wide locks. Each thread checks that the counter it sees
 * on its turn is the next pass of its own, and after a barrier that every pass counted.
 */
public class TurnsPlain extends Spmd {

    private static final Object LOCK = new Object();

    long[] passes; // [0]: under LOCK, [1]: under the job object's monitor

    @Override
    public void init() {
        passes = pool.register(new long[2], 1);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        int me = myThread();
        String verdict = "ok";
        try {
            for (int r = 0; r < rounds && verdict.equals("ok"); r++) {
                long mine = (long) r * threads() + me;
                synchronized (LOCK) {
                    while (passes[0] % threads() != me) {
                        LOCK.wait();
                    }
                    verdict = passes[0] == mine ? "ok" : "under LOCK saw pass " + passes[0] + " on turn " + mine;
                    passes[0]++;
                    LOCK.notifyAll();
                }
                synchronized (this) {
                    while (passes[1] % threads() != me) {
                        wait(10_000);
                    }
                    verdict = !verdict.equals("ok") || passes[1] == mine ? verdict : "under this saw pass " + passes[1] + " on turn " + mine;
                    passes[1]++;
                    notify();
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        barrier();
        long want = (long) rounds * threads();
        if (verdict.equals("ok") && (passes[0] != want || passes[1] != want)) {
            verdict = "passes " + passes[0] + " and " + passes[1] + " after the barrier, want " + want;
        }
        Results.put(getClass().getSimpleName() + me, verdict);
    }
}
