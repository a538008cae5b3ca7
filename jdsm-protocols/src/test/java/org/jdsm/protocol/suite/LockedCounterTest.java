package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Read-modify-write under a lock loses no update, on a single object and on slots of a shared block. */
class LockedCounterTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void everyIncrementCounts(String protocol, Shape shape) {
        Jobs.run(CounterJob.class, protocol, shape, arg("iterations", Math.max(20, 600 / shape.threads())));
    }

    /**
     * Every thread increments one counter object under {@code lock(counter)} and a slot of a
     * one-block array under that slot's named lock; slots share the block, so protocols with
     * multiple writers must merge them. After a barrier every thread checks the totals.
     */
    public static final class CounterJob extends Spmd {

        /** A shared single object. */
        public static final class Counter {
            long value;
        }

        static final int SLOTS = 4;

        private Counter counter;
        private long[] slots;
        private int iterations;

        @Override
        public void init() {
            iterations = JobArgs.of(this).integer("iterations", 20);
            counter = pool.register(new Counter());
            slots = pool.register(new long[SLOTS], SLOTS);
        }

        @Override
        public void start() {
            for (int i = 0; i < iterations; i++) {
                pool.lock(counter);
                pool.acquire(counter);
                counter.value++;
                pool.release(counter);
                pool.unlock(counter);

                int slot = slotOf(myThread(), i);
                pool.lock("slot-" + slot);
                pool.acquire(slots, slot);
                slots[slot]++;
                pool.release(slots, slot);
                pool.unlock("slot-" + slot);
            }
            barrier();
            pool.update(counter);
            Check.equal((long) threads() * iterations, counter.value, () -> "counter after the barrier");
            pool.update(slots);
            for (int s = 0; s < SLOTS; s++) {
                int slot = s;
                Check.equal(expectedInSlot(slot), slots[slot], () -> "slot " + slot + " after the barrier");
            }
        }

        private static int slotOf(int thread, int iteration) {
            return (thread + iteration) % SLOTS;
        }

        private long expectedInSlot(int slot) {
            long n = 0;
            for (int t = 0; t < threads(); t++) {
                for (int i = 0; i < iterations; i++) {
                    if (slotOf(t, i) == slot) {
                        n++;
                    }
                }
            }
            return n;
        }
    }
}
