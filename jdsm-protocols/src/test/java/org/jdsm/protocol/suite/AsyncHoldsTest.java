package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.jdsm.protocol.suite.AsyncHoldsProgram.Step;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every thread runs its own {@link AsyncHoldsProgram}: {@code acquire} and {@code acquireAsync} holds
 * (reentrant too) in ascending block order, futures touched in random order, increments of held
 * elements, prefetches, counters under named locks, barriers. Every increment must count.
 */
class AsyncHoldsTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(2, 3), new Shape(3, 2), new Shape(4, 1)), new Shape(3, 2));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void randomAsyncHoldsLoseNoIncrement(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 3; seed++) {
            Jobs.runOver(comm, AsyncHolds.class, protocol, shape, List.of(arg("phases", 4), arg("steps", 30), arg("seed", seed)));
        }
    }

    /** Args: phases, steps (per phase), seed. */
    public static final class AsyncHolds extends Spmd {
        static final int BLOCK = 3;
        static final int LOCKS = 3;

        long[] counts;
        long[] lockCounts;

        private int blocks() {
            return 2 * nodes() + 1;
        }

        @Override
        public void init() {
            counts = pool.register(new long[blocks() * BLOCK], BLOCK);
            lockCounts = pool.register(new long[LOCKS], 1);
        }

        private List<Step> program(int thread) {
            JobArgs args = JobArgs.of(this);
            return AsyncHoldsProgram.of(args.choices(thread), blocks(), BLOCK, LOCKS, args.integer("phases", 3), args.integer("steps", 20));
        }

        @Override
        public void start() {
            Random pauses = JobArgs.of(this).pauses(myThread());
            List<DsmFuture> acquiring = new ArrayList<>();
            List<DsmFuture> prefetches = new ArrayList<>();
            for (Step s : program(myThread())) {
                switch (s.kind()) {
                    case ACQUIRE -> pool.acquire(counts, s.block() * BLOCK);
                    case ACQUIRE_ASYNC -> acquiring.add(pool.acquireAsync(counts, s.block() * BLOCK));
                    case TOUCH -> Check.that(acquiring.remove(s.index()).touch() == counts, () -> "touch() did not return the array");
                    case WRITE -> counts[s.element()]++;
                    case RELEASE -> pool.release(counts, s.block() * BLOCK);
                    case UPDATE_ASYNC -> prefetches.add(pool.updateAsync(counts, s.block() * BLOCK));
                    case TOUCH_UPDATE -> prefetches.get(s.index()).touch();
                    case UPDATE -> {
                        pool.update(counts, s.block() * BLOCK);
                        long seen = counts[s.block() * BLOCK];
                        Check.that(seen >= 0, () -> "block " + s.block() + " shows " + seen);
                    }
                    case LOCKED_INCREMENT -> {
                        pool.lock("counter-" + s.block());
                        pool.acquire(lockCounts, s.block());
                        lockCounts[s.block()]++;
                        pool.release(lockCounts, s.block());
                        pool.unlock("counter-" + s.block());
                    }
                    case BARRIER -> barrier();
                }
                if (pauses.nextInt(8) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(200_000));
                }
            }
            long[] expected = new long[counts.length];
            long[] expectedLocked = new long[LOCKS];
            for (int t = 0; t < threads(); t++) {
                for (Step s : program(t)) {
                    if (s.kind() == AsyncHoldsProgram.Kind.WRITE) {
                        expected[s.element()]++;
                    } else if (s.kind() == AsyncHoldsProgram.Kind.LOCKED_INCREMENT) {
                        expectedLocked[s.block()]++;
                    }
                }
            }
            pool.update(counts);
            for (int e = 0; e < counts.length; e++) {
                int element = e;
                Check.equal(expected[e], counts[e], () -> "counts[" + element + "] at the end");
            }
            pool.update(lockCounts);
            for (int l = 0; l < LOCKS; l++) {
                int lock = l;
                Check.equal(expectedLocked[l], lockCounts[l], () -> "lockCounts[" + lock + "] at the end");
            }
        }
    }
}
