package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Exceptions thrown while holding a DSM lock: a synchronized block and a synchronized method on a
 * shared counter exit by exception every third time. The lock must still be released (otherwise
 * the next thread to want it waits forever) and the writes made before the throw published.
 */
public class LockExceptionPlain extends Spmd {

    /** A counter whose synchronized method throws after writing. */
    public static class FailingCounter {
        public long value;

        public synchronized void addThenMaybeFail(long delta, boolean fail) {
            value += delta;
            if (fail) {
                throw new IllegalStateException("thrown while holding the lock");
            }
        }
    }

    FailingCounter counter;

    @Override
    public void init() {
        counter = pool.register(new FailingCounter());
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        int thrown = 0;
        for (int k = 0; k < rounds; k++) {
            try {
                synchronized (counter) {
                    counter.value++;
                    if (k % 3 == 0) {
                        throw new IllegalStateException("thrown inside synchronized");
                    }
                }
            } catch (IllegalStateException expected) {
                thrown++;
            }
            try {
                counter.addThenMaybeFail(10, k % 3 == 1);
            } catch (IllegalStateException expected) {
                thrown++;
            }
        }
        barrier();
        synchronized (counter) {
            AliasesPlain.check(counter.value == 11L * rounds * threads(), "counter " + counter.value);
        }
        Results.put(getClass().getSimpleName() + myThread(), thrown);
    }
}
