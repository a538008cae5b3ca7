package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code acquireAsync} of every element of a window, then each future touched just before its
 * element is written: several of the acquires name the same block (a reentrant acquire, as the
 * blocking {@code acquire} allows), so whichever future completes first, the thread must hold the
 * block, current, once any of them is done. Threads of all nodes increment random windows; the
 * totals must equal the oracle every thread computes from the others' seeds.
 */
class AsyncSameBlockAcquiresTest {

    static Stream<Arguments> shapes() {
        return Suite.protocols().stream().flatMap(p -> Stream.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1),
                new Shape(8, 1)).map(s -> Arguments.of(p, s)));
    }

    /** Every future of the window is touched before the first write: passes under both protocols. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("shapes")
    @Timeout(60)
    void reentrantAsyncAcquiresAllTouchedBeforeWriting(String protocol, Shape shape) {
        Jobs.run(WindowIncrements.class, protocol, shape, arg("rounds", 40), arg("seed", 5), arg("touchAllFirst", 1));
    }

    /**
     * Each future touched just before its element is written. Both protocols used to lose
     * increments here: a second acquireAsync of a block completed at once (a reentrant entry of the
     * same holder) while the first was still acquiring it; it now waits for the first (HolderMutex).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("shapes")
    @Timeout(60)
    void everyFutureOfAReentrantAsyncAcquireMeansTheBlockIsHeld(String protocol, Shape shape) {
        Jobs.run(WindowIncrements.class, protocol, shape, arg("rounds", 40), arg("seed", 5));
    }

    /**
     * Args: rounds, seed. {@code counts} has 6 blocks of {@link #BLOCK} elements per node. Each
     * round a thread picks a random block and a random window of 2 to {@code BLOCK} elements in it,
     * starts {@code acquireAsync} for each element, then for each element in order touches its
     * future (with {@code touchAllFirst=1}: all futures first) and increments the element, and
     * releases every element. A barrier every 10 rounds and
     * at the end; every thread then checks every element against the oracle.
     */
    public static final class WindowIncrements extends Spmd {
        static final int BLOCK = 4;
        long[] counts;

        @Override
        public void init() {
            counts = pool.register(new long[nodes() * 6 * BLOCK], BLOCK);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 20);
            boolean touchAllFirst = args.integer("touchAllFirst", 0) == 1;
            long seed = args.longValue("seed", 1);
            Random random = new Random(seed * 7919 + myThread()); // the windows: the oracle replays them
            Random pauses = args.pauses(myThread());
            for (int r = 1; r <= rounds; r++) {
                int[] window = window(random, counts.length);
                DsmFuture[] acquired = new DsmFuture[window[1]];
                for (int e = 0; e < window[1]; e++) {
                    acquired[e] = pool.acquireAsync(counts, window[0] + e);
                }
                if (touchAllFirst) {
                    for (DsmFuture f : acquired) {
                        f.touch();
                    }
                }
                for (int e = 0; e < window[1]; e++) {
                    Check.that(acquired[e].touch() == counts, () -> "touch() did not return the array");
                    if (pauses.nextInt(8) == 0) {
                        Thread.yield();
                    }
                    counts[window[0] + e]++;
                }
                if (pauses.nextInt(4) == 0) {
                    Thread.onSpinWait();
                }
                for (int e = 0; e < window[1]; e++) {
                    pool.release(counts, window[0] + e);
                }
                if (r % 10 == 0) {
                    barrier();
                }
            }
            barrier();
            long[] expected = new long[counts.length];
            for (int t = 0; t < threads(); t++) {
                Random other = new Random(seed * 7919 + t);
                for (int r = 1; r <= rounds; r++) {
                    int[] window = window(other, counts.length);
                    for (int e = 0; e < window[1]; e++) {
                        expected[window[0] + e]++;
                    }
                }
            }
            pool.update(counts);
            for (int i = 0; i < counts.length; i++) {
                int index = i;
                Check.equal(expected[i], counts[i], () -> "counts[" + index + "] (block " + index / BLOCK + ") at the end");
            }
        }

        /** {first element, length}: 2 to BLOCK elements inside one random block. */
        private static int[] window(Random random, int length) {
            int block = random.nextInt(length / BLOCK);
            int size = 2 + random.nextInt(BLOCK - 1);
            int offset = random.nextInt(BLOCK - size + 1);
            return new int[] {block * BLOCK + offset, size};
        }
    }
}
