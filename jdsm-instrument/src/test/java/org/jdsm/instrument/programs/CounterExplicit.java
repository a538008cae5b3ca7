package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/** {@link CounterPlain} through the explicit API. */
public class CounterExplicit extends Spmd {

    Counter counter;

    @Override
    public void init() {
        counter = pool.register(new Counter());
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        for (int k = 0; k < rounds; k++) {
            pool.lock(counter);
            pool.acquire(counter);
            counter.value += 3;
            pool.release(counter);
            pool.unlock(counter);
        }
        barrier();
        if (myThread() == threads() - 1) {
            pool.update(counter);
            Results.put(getClass().getSimpleName(), counter.value);
        }
    }
}
