package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A {@code synchronized} block on a shared counter whose body is a loop: the loop's head, a jump
 * target, comes right after the {@code monitorenter}. Args: rounds.
 */
public class SynchronizedLoopPlain extends Spmd {

    Counter counter;

    @Override
    public void init() {
        counter = pool.register(new Counter());
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        for (int r = 0; r < rounds; r++) {
            int k = 0;
            synchronized (counter) {
                while (k < 3) {
                    counter.value++;
                    k++;
                }
            }
        }
        barrier();
        synchronized (counter) {
            AliasesPlain.check(counter.value == 3L * rounds * threads(), "counter " + counter.value);
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}
