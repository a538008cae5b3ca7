package org.jdsm.protocol.suite;

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
        Jobs.failsPromptly(ThrowsBeforeSiblingReachesBarrierJob.class, protocol, new Shape(1, 2), RUNS, PROMPT_MILLIS,
                () -> { }, "jobs", "a thread entering barrier() after its node was aborted waited there");
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
