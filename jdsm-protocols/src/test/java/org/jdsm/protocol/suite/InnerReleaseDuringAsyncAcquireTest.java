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
 * A thread holds a block through the blocking {@code acquire} and through an {@code acquireAsync}
 * of it (started before or after the blocking one), releases the blocking hold before it touches
 * the future, then writes again and releases. Whichever way the helper thread's entry and the
 * blocking release interleave, the thread must hold the block, current, once the future is done:
 * the release may give the block up only if the asynchronous acquire has not joined the hold. Counters on a few contended blocks must come out exact.
 */
class InnerReleaseDuringAsyncAcquireTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(2, 2), new Shape(4, 1), new Shape(2, 4)), new Shape(3, 2));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void anInnerReleaseNeverGivesUpABlockTheOuterAcquireHasJoined(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 4; seed++) {
            Jobs.runOver(comm, InnerReleaseDuringAsyncAcquire.class, protocol, shape, List.of(arg("rounds", 150), arg("seed", seed)));
        }
    }

    /**
     * Args: rounds, seed. {@code counts}: one element per block, one block per node. Each round a
     * thread picks a block, runs the pattern above (two increments) in a seeded order with a seeded
     * spin of up to 30 us after {@code acquireAsync}, sweeping the helper's entry across the
     * blocking release. At the end each counter must be twice the rounds that picked it.
     */
    public static final class InnerReleaseDuringAsyncAcquire extends Spmd {
        long[] counts;

        @Override
        public void init() {
            counts = pool.register(new long[nodes()], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 100);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long total = 2L * rounds * threads();
            for (int r = 1; r <= rounds; r++) {
                int i = choices.nextInt(counts.length);
                long inner;
                DsmFuture outer;
                if (pauses.nextBoolean()) { // acquireAsync first: the blocking acquire waits for it
                    outer = pool.acquireAsync(counts, i);
                    spin(pauses.nextInt(30_000));
                    pool.acquire(counts, i);
                    inner = counts[i]++;
                    pool.release(counts, i);
                } else { // the blocking acquire first: its release races with the helper's entry
                    pool.acquire(counts, i);
                    inner = counts[i]++;
                    outer = pool.acquireAsync(counts, i);
                    spin(pauses.nextInt(30_000));
                    pool.release(counts, i);
                }
                outer.touch();
                long seen = counts[i]++;
                spin(pauses.nextInt(5_000));
                pool.release(counts, i);
                Check.that(inner >= 0 && seen > inner && seen < total, () -> "counts[" + i + "] went from " + inner + " to " + seen);
            }
            barrier();
            long[] expected = new long[counts.length];
            for (int t = 0; t < threads(); t++) {
                Random other = args.choices(t);
                for (int r = 1; r <= rounds; r++) {
                    expected[other.nextInt(counts.length)] += 2;
                }
            }
            pool.update(counts);
            for (int i = 0; i < counts.length; i++) {
                int index = i;
                Check.equal(expected[i], counts[i], () -> "counts[" + index + "] at the end");
            }
        }

        private static void spin(long nanos) {
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
    }
}
