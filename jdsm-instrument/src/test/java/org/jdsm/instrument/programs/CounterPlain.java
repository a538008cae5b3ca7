package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/** Every thread bumps a shared counter under {@code synchronized} blocks and a synchronized method. */
public class CounterPlain extends Spmd {

    Counter counter;

    @Override
    public void init() {
        counter = pool.register(new Counter());
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        for (int k = 0; k < rounds; k++) {
            synchronized (counter) {
                counter.value++;
            }
            counter.add(2);
        }
        barrier();
        if (myThread() == threads() - 1) {
            synchronized (counter) {
                Results.put(getClass().getSimpleName(), counter.value);
            }
        }
    }
}
