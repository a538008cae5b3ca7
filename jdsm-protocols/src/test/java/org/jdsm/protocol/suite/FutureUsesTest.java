package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.DsmException;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Legal but unusual uses of {@link DsmFuture}: touched twice, touched by another thread of the node
 * than the one that started it, an {@code updateAsync} never touched, {@code acquireAsync} and
 * {@code updateAsync} of one block by one thread (in either order, touched in either order), and a
 * reentrant {@code acquire}/{@code release} of a block while the thread's own {@code acquireAsync}
 * of it is still pending. Each use increments a counter; the totals must match an oracle replayed
 * from every thread's seed, and every value seen must be one that was written.
 */
class FutureUsesTest {

    static Stream<Arguments> runs() {
        return Stream.concat(Jobs.everyProtocol(List.of(new Shape(2, 2), new Shape(3, 2), new Shape(4, 1)), List.of("local")),
                Jobs.everyProtocol(List.of(new Shape(2, 2), new Shape(3, 1)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void legalFutureUsesLoseNothingAndEnd(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 3; seed++) {
            Jobs.runOver(comm, FutureUses.class, protocol, shape, List.of(arg("rounds", 24), arg("seed", seed)));
        }
    }

    /**
     * Args: rounds, seed. {@code counts} has one element per block, two blocks homed on each node.
     * Each round a thread picks (seeded) a use and a block, increments that block's counter through
     * the use, and now and then pauses; every 8 rounds a barrier. At the end every counter must equal
     * the number of rounds that picked it.
     */
    public static final class FutureUses extends Spmd {
        static final int USES = 6;
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(5);

        long[] counts;
        /** Futures a thread started for its sibling (the next thread of this node) to touch, by sibling's thread. */
        private final ConcurrentHashMap<Integer, DsmFuture> handed = new ConcurrentHashMap<>();

        @Override
        public void init() {
            counts = pool.register(new long[2 * nodes()], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 20);
            int only = args.integer("only", -1); // one use instead of seeded ones, to reproduce
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long total = (long) rounds * threads();
            for (int r = 1; r <= rounds; r++) {
                int picked = choices.nextInt(USES);
                int use = only >= 0 ? only : picked;
                int i = choices.nextInt(counts.length);
                int round = r;
                long before = increment(use, i, pauses);
                Check.that(before >= 0 && before < total, () -> "round " + round + ", use " + use + ": counts[" + i + "] showed "
                        + before + ", which nobody wrote");
                if (r % 8 == 0) {
                    barrier();
                }
            }
            barrier();
            long[] expected = new long[counts.length];
            for (int t = 0; t < threads(); t++) {
                Random other = JobArgs.of(this).choices(t);
                for (int r = 1; r <= rounds; r++) {
                    other.nextInt(USES);
                    expected[other.nextInt(counts.length)]++;
                }
            }
            pool.update(counts);
            for (int i = 0; i < counts.length; i++) {
                int index = i;
                Check.equal(expected[i], counts[i], () -> "counts[" + index + "] at the end");
            }
        }

        /** Increments {@code counts[i]} through use {@code use}; returns the value it found. */
        private long increment(int use, int i, Random pauses) {
            long before;
            switch (use) {
                case 0 -> { // touched twice
                    DsmFuture f = pool.acquireAsync(counts, i);
                    pause(pauses);
                    f.touch();
                    Check.that(f.touch() == counts, () -> "a second touch() did not return the array");
                    before = counts[i]++;
                }
                case 1 -> { // acquireAsync, then updateAsync of the same block; the update touched first
                    DsmFuture acquired = pool.acquireAsync(counts, i);
                    DsmFuture updated = pool.updateAsync(counts, i);
                    pause(pauses);
                    touchWithin(updated, "updateAsync touched before the same thread's acquireAsync of the block");
                    acquired.touch();
                    before = counts[i]++;
                }
                case 2 -> { // updateAsync, then acquireAsync of the same block; the acquire touched first
                    DsmFuture updated = pool.updateAsync(counts, i);
                    DsmFuture acquired = pool.acquireAsync(counts, i);
                    acquired.touch();
                    pause(pauses);
                    touchWithin(updated, "updateAsync touched after the same thread's later acquireAsync of the block");
                    before = counts[i]++;
                }
                case 3 -> { // a reentrant acquire and release while the outer acquireAsync may still be pending
                    DsmFuture outer = pool.acquireAsync(counts, i);
                    pool.acquire(counts, i);
                    before = counts[i]++;
                    pool.release(counts, i);
                    outer.touch(); // others may have written between (the inner release may have been the outermost)
                }
                case 4 -> { // the future touched first by the sibling thread of this node
                    DsmFuture f = pool.acquireAsync(counts, i);
                    handed.put(myThread(), f);
                    pause(pauses);
                    f.touch();
                    before = counts[i]++;
                }
                default -> { // an updateAsync never touched, then a plain acquire
                    pool.updateAsync(counts, i);
                    pool.acquire(counts, i);
                    before = counts[i]++;
                }
            }
            pause(pauses);
            pool.release(counts, i);
            touchHandedOver();
            return before;
        }

        /** Touches a future the previous thread of this node handed over, if any (another thread's acquire). */
        private void touchHandedOver() {
            int previous = myThread() % threadsPerNode() == 0 ? myThread() + threadsPerNode() - 1 : myThread() - 1;
            DsmFuture f = handed.remove(previous);
            if (f != null && previous != myThread()) {
                Check.that(touchWithin(f, "another thread's acquireAsync") == counts, () -> "touch() by another thread did not return the array");
            }
        }

        /** Touches {@code f}, failing (instead of waiting for ever) if it is not done within the patience. */
        private static Object touchWithin(DsmFuture f, String what) {
            long deadline = System.nanoTime() + PATIENCE_NANOS;
            while (!f.isDone()) {
                Check.that(System.nanoTime() < deadline, () -> what + ": not done after " + PATIENCE_NANOS / 1_000_000 + " ms");
                LockSupport.parkNanos(100_000);
            }
            return f.touch();
        }

        private static void pause(Random pauses) {
            int p = pauses.nextInt(10);
            try {
                if (p == 0) {
                    TimeUnit.MILLISECONDS.sleep(2);
                } else if (p < 3) {
                    Thread.yield();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DsmException("interrupted", e);
            }
        }
    }
}
