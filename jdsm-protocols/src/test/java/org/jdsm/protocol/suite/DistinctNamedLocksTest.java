package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two named locks are two locks, even when their names have the same {@code String.hashCode()}
 * ("Aa" and "BB" do): a thread holding one while it waits for a flag that another thread sets under
 * the other must see the flag, not wait for ever. Meanwhile the other threads count under each lock
 * separately, and the totals must be exact.
 */
class DistinctNamedLocksTest {

    /** Two names with one {@code String.hashCode()}. */
    static final String OUTER = "Aa";
    static final String INNER = "BB";

    static Stream<Arguments> runs() {
        return Stream.concat(Jobs.everyProtocol(List.of(new Shape(1, 2), new Shape(2, 1), new Shape(3, 2)), List.of("local")),
                Jobs.everyProtocol(List.of(new Shape(2, 2)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void locksWhoseNamesShareAHashAreIndependent(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, NamedLocksWithOneHash.class, protocol, shape, List.of(arg("rounds", 3), arg("iterations", 10)));
    }

    /**
     * Per round: the waiter (thread 0) takes lock OUTER and, holding it, polls {@code flag} under
     * lock INNER until it shows the round; the setter (the last thread) sets it under INNER. Every
     * thread also increments {@code counts[0]} under OUTER and {@code counts[1]} under INNER.
     */
    public static final class NamedLocksWithOneHash extends Spmd {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(3);

        private long[] flag;
        private long[] counts;

        @Override
        public void init() {
            flag = pool.register(new long[1], 1);
            counts = pool.register(new long[2], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 3);
            int iterations = args.integer("iterations", 10);
            int waiter = 0;
            int setter = threads() - 1;
            for (int r = 1; r <= rounds; r++) {
                int round = r;
                if (myThread() == waiter) {
                    pool.lock(OUTER);
                    long deadline = System.nanoTime() + PATIENCE_NANOS;
                    while (true) {
                        pool.lock(INNER);
                        pool.update(flag, 0);
                        long seen = flag[0];
                        pool.unlock(INNER);
                        if (seen == round) {
                            break;
                        }
                        Check.that(seen == round - 1, () -> "round " + round + ": flag shows " + seen);
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": the flag set under lock(\"" + INNER
                                + "\") never showed while this thread held lock(\"" + OUTER + "\")");
                        LockSupport.parkNanos(200_000);
                    }
                    pool.unlock(OUTER);
                } else if (myThread() == setter) {
                    pool.lock(INNER);
                    pool.acquire(flag, 0);
                    flag[0] = round;
                    pool.release(flag, 0);
                    pool.unlock(INNER);
                }
                for (int i = 0; i < iterations; i++) {
                    increment(OUTER, 0);
                    increment(INNER, 1);
                }
                barrier();
                pool.update(counts);
                for (int c = 0; c < 2; c++) {
                    int counter = c;
                    Check.equal((long) round * iterations * threads(), counts[c], () -> "round " + round + ": counts[" + counter + "]");
                }
                barrier();
            }
        }

        private void increment(String lock, int counter) {
            pool.lock(lock);
            pool.acquire(counts, counter);
            counts[counter]++;
            pool.release(counts, counter);
            pool.unlock(lock);
        }
    }
}
