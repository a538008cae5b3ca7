package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every thread takes a block and then a lock, always in that order: some with the blocking
 * {@code acquire}, some with {@code acquireAsync} followed by {@code lock} while the acquire is
 * still pending, touching the future under the lock. All threads ask for the block first, so no
 * cycle of waits is possible unless the lock is taken before the block the thread asked for
 * earlier: then the thread holds the lock while its acquire waits for the block, whose holder
 * waits for the lock.
 */
class AsyncAcquireThenLockTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.AsyncAcquireOrderTest#runs") // the same shapes
    @Timeout(60)
    void aLockAfterAPendingAcquireAsyncComesAfterItsBlock(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 2; seed++) {
            Jobs.runOver(comm, BlockThenLock.class, protocol, shape, List.of(arg("rounds", 60), arg("seed", seed)));
        }
    }

    /**
     * Args: rounds, seed. Per round a thread picks (seeded) a block of {@code counts}, one of two
     * locks (a named lock or the lock of the shared object {@code guarded}) and whether to take the
     * block with {@code acquireAsync}; under both it increments the block's count and the lock's
     * count in {@code guarded}.
     */
    public static final class BlockThenLock extends Spmd {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(5);

        long[] counts;
        long[] guarded;

        @Override
        public void init() {
            counts = pool.register(new long[2], 1);
            guarded = pool.register(new long[2], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 40);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            for (int r = 0; r < rounds; r++) {
                int block = choices.nextInt(counts.length);
                int lock = choices.nextInt(2);
                boolean async = choices.nextBoolean();
                DsmFuture acquired = null;
                if (async) {
                    acquired = pool.acquireAsync(counts, block);
                } else {
                    pool.acquire(counts, block);
                }
                lock(lock);
                if (acquired != null) {
                    touchWithin(acquired, block, lock);
                }
                counts[block]++;
                pool.acquire(guarded, lock);
                guarded[lock]++;
                pool.release(guarded, lock);
                if (pauses.nextInt(4) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(300_000));
                }
                unlock(lock);
                pool.release(counts, block);
            }
            barrier();
            long[] expectedCounts = new long[counts.length];
            long[] expectedGuarded = new long[guarded.length];
            for (int t = 0; t < threads(); t++) {
                Random other = args.choices(t);
                for (int r = 0; r < rounds; r++) {
                    expectedCounts[other.nextInt(counts.length)]++;
                    expectedGuarded[other.nextInt(2)]++;
                    other.nextBoolean();
                }
            }
            pool.update(counts);
            pool.update(guarded);
            for (int i = 0; i < 2; i++) {
                int index = i;
                Check.equal(expectedCounts[i], counts[i], () -> "counts[" + index + "] at the end");
                Check.equal(expectedGuarded[i], guarded[i], () -> "guarded[" + index + "] at the end");
            }
        }

        private void lock(int lock) {
            if (lock == 0) {
                pool.lock("lock-0");
            } else {
                pool.lock(guarded);
            }
        }

        private void unlock(int lock) {
            if (lock == 0) {
                pool.unlock("lock-0");
            } else {
                pool.unlock(guarded);
            }
        }

        /** Touches {@code f}, failing instead of waiting for ever if it is not done within the patience. */
        private static void touchWithin(DsmFuture f, int block, int lock) {
            long deadline = System.nanoTime() + PATIENCE_NANOS;
            while (!f.isDone()) {
                Check.that(System.nanoTime() < deadline, () -> "acquireAsync of block " + block + " then lock " + lock
                        + " (block first, as every thread asks): the block did not come in " + PATIENCE_NANOS / 1_000_000
                        + " ms while this thread held the lock");
                LockSupport.parkNanos(100_000);
            }
            f.touch();
        }
    }
}
