package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.jdsm.DsmException;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread releases a block whose {@code acquireAsync} is still waiting for it (another node holds
 * it): that is a user error and must fail as one, naming the call, and leave the acquire intact, so
 * that touching the future afterwards still yields the block with the holder's write, and the write
 * made then reaches the home. Neither a protocol error, a lost write nor a hang.
 */
class ReleaseBeforeTouchTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocol(List.of(new Shape(3, 1)), List.of("local", "chaos"));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void releasingAnAcquireInFlightIsAClearErrorAndLosesNothing(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, ReleaseBeforeTouch.class, protocol, shape, List.of(arg("rounds", 4)));
    }

    /**
     * Node 1 holds block 0 (homed at node 0) until node 2 has acquired it asynchronously and released
     * it too early; node 0 checks. The nodes share this JVM here (local and chaos comms), so a static
     * field tells node 1 when node 2 is done: a sleep instead let node 1's release come first on a
     * loaded machine, and the early release then went through.
     */
    public static final class ReleaseBeforeTouch extends Spmd {
        /** The last round in which node 2 finished releasing too early. */
        private static final AtomicInteger RELEASED_EARLY = new AtomicInteger();
        private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);
        private long[] data;

        @Override
        public void init() {
            data = pool.register(new long[3], 1);
        }

        @Override
        public void start() {
            int rounds = JobArgs.of(this).integer("rounds", 4);
            if (myNode() == 0) {
                RELEASED_EARLY.set(0); // a run before this one in the JVM left its last round
            }
            barrier();
            for (int p = 1; p <= rounds; p++) {
                int round = p;
                if (myNode() == 1) {
                    pool.acquire(data, 0);
                }
                barrier();
                if (myNode() == 1) {
                    awaitReleasedEarly(round);
                    data[0] = 10L * p + 1;
                    pool.release(data, 0);
                } else if (myNode() == 2) {
                    sleep(20);
                    DsmFuture acquired = pool.acquireAsync(data, 0);
                    sleep(10);
                    boolean refused = false;
                    try {
                        pool.release(data, 0);
                    } catch (DsmException e) {
                        refused = true;
                        Check.that(e.getMessage().contains("acquireAsync"), () -> "round " + round
                                + ": release of an acquire in flight failed without saying why: " + e.getMessage());
                    }
                    Check.that(refused, () -> "round " + round + ": release of an acquire still in flight went through");
                    // Queued behind the acquireAsync of block 0, this one has not even started.
                    DsmFuture queued = pool.acquireAsync(data, 2);
                    try {
                        pool.release(data, 2);
                        Check.that(false, () -> "round " + round + ": release of a queued acquireAsync went through");
                    } catch (DsmException e) {
                        Check.that(e.getMessage().contains("acquireAsync"), () -> "round " + round
                                + ": release of a queued acquireAsync failed without saying why: " + e.getMessage());
                    }
                    RELEASED_EARLY.set(round);
                    queued.touch();
                    pool.release(data, 2);
                    acquired.touch();
                    Check.equal(10L * p + 1, data[0], () -> "round " + round + ": block 0 after touch (the holder's write)");
                    data[0] = 10L * p + 2;
                    pool.release(data, 0);
                }
                barrier();
                pool.update(data, 0);
                Check.equal(10L * p + 2, data[0], () -> "round " + round + ": block 0 after the barrier");
                barrier();
            }
        }

        /** Waits (bounded) until node 2 has made its early releases of {@code round}. */
        private static void awaitReleasedEarly(int round) {
            long deadline = System.nanoTime() + WAIT_NANOS;
            while (RELEASED_EARLY.get() < round) {
                Check.that(System.nanoTime() - deadline < 0, () -> "round " + round + ": node 2 did not release early within 30 s");
                sleep(1);
            }
        }

        private static void sleep(long millis) {
            try {
                TimeUnit.MILLISECONDS.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DsmException("interrupted", e);
            }
        }
    }
}
