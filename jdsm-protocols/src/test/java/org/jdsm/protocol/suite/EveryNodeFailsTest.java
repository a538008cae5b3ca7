package org.jdsm.protocol.suite;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A failing node tells the others and waits (up to 2 s) for their answers before it leaves. A
 * mistake every node makes (a call on an unregistered array, say) fails every node at the same
 * moment, and a node that failed too may leave before it answers; a node told to stop may leave
 * before its answer goes out. Either cost 2 s on many runs of a one-second job. A node that told
 * us it failed is stopping anyway, and a node told to stop answers before it stops: the job must
 * end at once.
 */
class EveryNodeFailsTest {

    private static final int RUNS = 12;
    private static final long PROMPT_MILLIS = 1_500;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(120)
    void nodesFailingTogetherEndTheJobPromptly(String protocol) {
        Shape shape = new Shape(2, 2);
        Jobs.failsPromptly(FailTogetherJob.class, protocol, shape, RUNS, PROMPT_MILLIS,
                () -> FailTogetherJob.together = new CyclicBarrier(shape.threads()), "jobs whose nodes all failed at once",
                "a node waited for an answer from a node that had already left");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(120)
    void nodeFailingAloneEndsTheJobPromptly(String protocol) {
        Jobs.failsPromptly(FailOnNodeZeroJob.class, protocol, new Shape(3, 1), RUNS, PROMPT_MILLIS, () -> { },
                "jobs whose node 0 failed", "node 0 waited for an answer that a stopping node never sent");
    }

    /** Node 0 throws while the others wait in a barrier. */
    public static final class FailOnNodeZeroJob extends Spmd {
        @Override
        public void start() {
            if (myNode() == 0) {
                throw new IllegalStateException("node 0 gives up");
            }
            barrier();
        }
    }

    /** Every thread of every node (all in this JVM) throws at the same moment. */
    public static final class FailTogetherJob extends Spmd {
        static volatile CyclicBarrier together;

        @Override
        public void start() {
            try {
                together.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new IllegalStateException("the threads did not meet", e);
            }
            throw new IllegalStateException("every thread gives up at once");
        }
    }
}
