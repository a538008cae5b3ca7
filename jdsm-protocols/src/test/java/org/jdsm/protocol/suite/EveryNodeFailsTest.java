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
 * end at once. When only some nodes fail together, a bystander stopped by one's Abort may leave
 * before another's arrives, which then waited 2 s for it (on about 1 run in 4 at 8x1): a node
 * leaving a failed job must say so.
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(120)
    void nodesFailingTogetherBesideBystandersEndTheJobPromptly(String protocol) {
        Shape shape = new Shape(8, 1);
        Jobs.failsPromptly(OddNodesFailTogetherJob.class, protocol, shape, RUNS, PROMPT_MILLIS,
                () -> OddNodesFailTogetherJob.together = new CyclicBarrier(shape.nodes() / 2),
                "jobs whose odd nodes failed at once", "a failing node waited for a bystander that another node's Abort had stopped");
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

    /**
     * The odd nodes throw at the same moment while the even ones wait in a barrier: a bystander
     * stopped by one failing node's Abort may leave before another's arrives.
     */
    public static final class OddNodesFailTogetherJob extends Spmd {
        static volatile CyclicBarrier together;

        @Override
        public void start() {
            if (myNode() % 2 == 1) {
                FailTogetherJob.meet(together);
                throw new IllegalStateException("node " + myNode() + " gives up with the other odd nodes");
            }
            barrier();
        }
    }

    /** Every thread of every node (all in this JVM) throws at the same moment. */
    public static final class FailTogetherJob extends Spmd {
        static volatile CyclicBarrier together;

        @Override
        public void start() {
            meet(together);
            throw new IllegalStateException("every thread gives up at once");
        }

        /** Waits until every party of {@code together} is there, so they throw at the same moment. */
        static void meet(CyclicBarrier together) {
            try {
                together.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new IllegalStateException("the threads did not meet", e);
            }
        }
    }
}
