package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every thread starts {@code acquireAsync} of two blocks in ascending order, then touches both
 * futures (in either order), increments an element of each and releases them; or (with
 * {@code blocking=1}) takes the later block with the blocking {@code acquire} while the earlier
 * one's {@code acquireAsync} is pending. The order in which a thread asks for blocks is the order
 * in which it takes them, as with blocking calls only, so threads that all ask in ascending order
 * never wait for each other in a cycle. Before the fix the acquires ran side by side and a thread
 * could end up holding the later block while waiting for the earlier one that another thread held.
 */
class AsyncAcquireOrderTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(3, 2), new Shape(4, 1), new Shape(2, 3)), new Shape(3, 1));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void acquiresStartedInAscendingOrderNeverDeadlock(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 2; seed++) {
            for (int blocking = 0; blocking <= 1; blocking++) {
                Jobs.runOver(comm, AscendingAsyncPairs.class, protocol, shape,
                        List.of(arg("rounds", 60), arg("seed", seed), arg("blocking", blocking)));
            }
        }
    }

    /** Args: rounds, seed, blocking (0 or 1). {@code counts}: one element per block, three blocks per node. */
    public static final class AscendingAsyncPairs extends Spmd {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(5);

        long[] counts;

        @Override
        public void init() {
            counts = pool.register(new long[3 * nodes()], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 40);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            boolean blocking = args.integer("blocking", 0) == 1;
            for (int r = 0; r < rounds; r++) {
                int[] pair = pair(choices);
                DsmFuture first = pool.acquireAsync(counts, pair[0]);
                if (blocking) { // the later block with the blocking acquire, the earlier one still pending
                    pool.acquire(counts, pair[1]);
                    touchWithin(first, pair);
                } else {
                    DsmFuture second = pool.acquireAsync(counts, pair[1]);
                    touchBoth(first, second, pair, pauses);
                }
                counts[pair[0]]++;
                counts[pair[1]]++;
                if (pauses.nextInt(4) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(300_000));
                }
                pool.release(counts, pair[1]);
                pool.release(counts, pair[0]);
            }
            barrier();
            long[] expected = new long[counts.length];
            for (int t = 0; t < threads(); t++) {
                Random other = args.choices(t);
                for (int r = 0; r < rounds; r++) {
                    for (int b : pair(other)) {
                        expected[b]++;
                    }
                }
            }
            pool.update(counts);
            for (int b = 0; b < counts.length; b++) {
                int block = b;
                Check.equal(expected[b], counts[b], () -> "counts[" + block + "] at the end");
            }
        }

        private static void touchBoth(DsmFuture first, DsmFuture second, int[] pair, Random pauses) {
            if (pauses.nextBoolean()) {
                touchWithin(second, pair);
                touchWithin(first, pair);
            } else {
                touchWithin(first, pair);
                touchWithin(second, pair);
            }
        }

        /** Two different blocks, ascending. */
        private int[] pair(Random random) {
            int a = random.nextInt(counts.length);
            int b = (a + 1 + random.nextInt(counts.length - 1)) % counts.length;
            return new int[] {Math.min(a, b), Math.max(a, b)};
        }

        /** Touches {@code f}, failing instead of waiting for ever if it is not done within the patience. */
        private static void touchWithin(DsmFuture f, int[] pair) {
            long deadline = System.nanoTime() + PATIENCE_NANOS;
            while (!f.isDone()) {
                Check.that(System.nanoTime() < deadline, () -> "acquireAsync of blocks " + pair[0] + " then " + pair[1]
                        + " (ascending) not done after " + PATIENCE_NANOS / 1_000_000 + " ms: a cycle of waits");
                LockSupport.parkNanos(100_000);
            }
            f.touch();
        }
    }
}
