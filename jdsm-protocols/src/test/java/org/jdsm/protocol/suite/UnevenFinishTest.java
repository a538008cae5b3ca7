package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Legal programs whose threads and nodes reach their barriers and leave {@code start()} at very
 * different times must never be told that a barrier "can never complete": some threads return
 * right after the last barrier (their nodes announce it while others are still inside that
 * barrier, whose messages may be late over {@code chaos}), others keep taking locks, blocks and
 * {@code acquireAsync} helpers homed or managed on the finished nodes for a while. Every barrier
 * round checks the counters the threads incremented under locks before it.
 */
class UnevenFinishTest {

    static Stream<Arguments> runs() {
        return Stream.concat(Jobs.everyProtocol(List.of(new Shape(8, 1), new Shape(3, 2), new Shape(2, 4)), List.of("chaos")),
                Jobs.everyProtocol(List.of(new Shape(4, 1), new Shape(8, 1)), List.of("local")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void threadsFinishingAtDifferentTimesAfterEqualBarriersSucceed(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 3; seed++) {
            List<String> args = List.of(arg("rounds", 6), arg("seed", seed));
            Jobs.runOver(comm, UnevenFinish.class, protocol, shape, args);
        }
    }

    /**
     * Args: rounds, seed. Round r: each thread increments {@code counts[k]} under lock "c" + k a
     * seeded number of times (0 to 3, random k), sleeps up to a millisecond scaled by its rank
     * (late nodes), barrier, checks every counter against the seeded oracle, barrier. After the
     * last barrier a third of the threads return at once; the others acquire blocks of
     * {@code counts} through {@code acquireAsync}, touch and release them, and take locks.
     */
    public static final class UnevenFinish extends Spmd {
        static final int COUNTERS = 16;
        long[] counts;

        @Override
        public void init() {
            counts = pool.register(new long[COUNTERS], 2);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 4);
            long seed = args.longValue("seed", 1);
            Random pauses = new Random(seed * 131 + myThread());
            long[] expected = new long[COUNTERS];
            for (int r = 0; r < rounds; r++) {
                int round = r;
                int[] mine = choices(seed, myThread(), r);
                for (int k : mine) {
                    pool.lock("c" + k);
                    pool.acquire(counts, k);
                    counts[k]++;
                    pool.release(counts, k);
                    pool.unlock("c" + k);
                }
                sleepMicros(pauses.nextInt(1 + 1000 * (myThread() % 3)));
                barrier();
                for (int t = 0; t < threads(); t++) {
                    for (int k : choices(seed, t, r)) {
                        expected[k]++;
                    }
                }
                pool.update(counts);
                for (int k = 0; k < COUNTERS; k++) {
                    int key = k;
                    Check.equal(expected[k], counts[k], () -> "round " + round + ": counts[" + key + "]");
                }
                if (pauses.nextBoolean()) {
                    sleepMicros(pauses.nextInt(500));
                }
                barrier();
            }
            if ((myThread() + seed) % 3 == 0) {
                return; // right after the last barrier, while others may still be inside it
            }
            for (int i = 0; i < 5; i++) {
                int k = pauses.nextInt(COUNTERS);
                DsmFuture f = pool.acquireAsync(counts, k);
                sleepMicros(pauses.nextInt(300));
                f.touch();
                pool.release(counts, k);
                pool.lock("c" + k);
                pool.update(counts, k);
                Check.that(counts[k] >= expected[k], () -> "a counter went back after the last barrier");
                pool.unlock("c" + k);
            }
        }

        /** The counters thread {@code t} increments in round {@code r}. */
        private static int[] choices(long seed, int t, int r) {
            Random random = new Random(seed * 1_000_003L + t * 1009L + r);
            int[] out = new int[random.nextInt(4)];
            for (int i = 0; i < out.length; i++) {
                out[i] = random.nextInt(COUNTERS);
            }
            return out;
        }

        private static void sleepMicros(int micros) {
            try {
                Thread.sleep(micros / 1000, (micros % 1000) * 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
