package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A shared {@code Object[]} whose elements are changed in place ({@code cells[i].value = v}, the
 * reference unchanged), as users write {@code particles[i].x = ...}: threads of every node change
 * interleaved elements of the same blocks in one interval, and after each barrier every thread
 * sees every element's value of that round.
 */
class ElementsChangedInPlaceTest {

    static final int LENGTH = 48;
    static final int BLOCK = 8;

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void everyInPlaceChangeIsSeenAfterTheBarrier(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, InPlaceWriters.class, protocol, shape, List.of(arg("rounds", 5), arg("seed", 23)));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void inPlaceIncrementsUnderLocksLoseNothing(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, InPlaceCounters.class, protocol, shape,
                List.of(arg("iterations", Math.max(8, 96 / shape.threads())), arg("seed", 29)));
    }

    /** A mutable element without {@code equals}. */
    public static final class Cell {
        long value;
    }

    static long value(int round, int i) {
        return (round + 1) * 1_000_003L + i;
    }

    public static final class InPlaceWriters extends Spmd {
        private Object[] cells;

        @Override
        public void init() {
            Object[] initial = new Object[LENGTH];
            for (int i = 0; i < LENGTH; i++) {
                initial[i] = new Cell();
            }
            cells = pool.register(initial, BLOCK);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 3);
            Random pauses = args.pauses(myThread());
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < LENGTH; i++) {
                    if ((r + i) % threads() == myThread()) {
                        pool.acquire(cells, i);
                        ((Cell) cells[i]).value = value(r, i);
                        if (pauses.nextInt(4) == 0) {
                            LockSupport.parkNanos(pauses.nextInt(100_000));
                        }
                        pool.release(cells, i);
                    }
                }
                barrier();
                pool.update(cells, 0, LENGTH);
                for (int i = 0; i < LENGTH; i++) {
                    int round = r;
                    int index = i;
                    Check.equal(value(r, i), ((Cell) cells[i]).value, () -> "round " + round + ", element " + index
                            + " (changed in place) after the barrier");
                }
                barrier();
            }
        }
    }

    /**
     * Counters kept in the elements of a few blocks, each incremented in place under its own lock,
     * so that refetches of a block merge under sibling threads' unpublished increments of other
     * counters in it; after a barrier each counter equals the increments the seeded choices made.
     */
    public static final class InPlaceCounters extends Spmd {
        static final int COUNTERS = 12;
        private Object[] cells;

        @Override
        public void init() {
            Object[] initial = new Object[COUNTERS];
            for (int i = 0; i < COUNTERS; i++) {
                initial[i] = new Cell();
            }
            cells = pool.register(initial, 4);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int iterations = args.integer("iterations", 8);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            for (int i = 0; i < iterations; i++) {
                int k = choices.nextInt(COUNTERS);
                pool.lock("cell-" + k);
                pool.acquire(cells, k);
                ((Cell) cells[k]).value++;
                if (pauses.nextInt(3) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(100_000));
                }
                pool.release(cells, k);
                pool.unlock("cell-" + k);
            }
            barrier();
            long[] expected = new long[COUNTERS];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int i = 0; i < iterations; i++) {
                    expected[replay.nextInt(COUNTERS)]++;
                }
            }
            pool.update(cells, 0, COUNTERS);
            for (int k = 0; k < COUNTERS; k++) {
                int counter = k;
                Check.equal(expected[k], ((Cell) cells[k]).value, () -> "counter " + counter + " (lost in-place increments)");
            }
        }
    }
}
