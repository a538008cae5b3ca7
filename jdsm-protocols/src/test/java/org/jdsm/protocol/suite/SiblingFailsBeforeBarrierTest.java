package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread that throws at once in {@code start()} stops its node's other threads; one that enters
 * {@code barrier()} only after the abort reset the node's barrier waited there until the node gave
 * up on it, 2 s later, on every run. It must see the abort at once.
 */
class SiblingFailsBeforeBarrierTest {

    private static final int RUNS = 6;
    private static final long PROMPT_MILLIS = 1_500;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void threadEnteringBarrierAfterSiblingFailedStopsPromptly(String protocol) {
        long slowest = 0;
        for (int run = 0; run < RUNS; run++) {
            long began = System.nanoTime();
            Jobs.failure(ThrowsBeforeSiblingReachesBarrierJob.class, protocol, new Shape(1, 2));
            slowest = Math.max(slowest, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began));
        }
        long worst = slowest;
        assertTrue(worst < PROMPT_MILLIS, () -> "the slowest of " + RUNS + " jobs took " + worst
                + " ms (a thread entering barrier() after its node was aborted waited there)");
    }

    /** Thread 1 throws at once; thread 0 enters the barrier only after that. */
    public static final class ThrowsBeforeSiblingReachesBarrierJob extends Spmd {
        @Override
        public void start() {
            if (myThread() == 1) {
                throw new IllegalStateException("thread 1 gives up");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            barrier();
        }
    }
}
