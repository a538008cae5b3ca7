package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.protocol.chaos.LosesNodeComm;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A node lost while the others wait for it (their requests for a lock it holds pending there) stops the
 * job as that node's loss: no survivor may take it for a failure of its own. Under {@code sc} a
 * survivor's thread, woken by its failed request before the node's handling of the loss ran
 * ({@code loses-node} makes that late), said "node 1 failed in start() on thread 1: node 2: node
 * failed: ...", and the job was reported as node 1's failure.
 */
class LostNodeTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aLostNodeIsNotTakenForTheFailureOfAnother(String protocol) {
        AssertionError failed = assertThrows(AssertionError.class,
                () -> Jobs.runOver("loses-node", LostWhileAwaited.class, protocol, new Shape(3, 2), List.of()));
        assertTrue(failed.getMessage().contains("node 2 failed in start() on thread 4: java.lang.IllegalStateException: "
                + LostWhileAwaited.LOST), failed.getMessage());
    }

    /**
     * Node 2 takes the lock of a shared object and holds it; after a barrier the other nodes' threads
     * ask for that lock and wait, then node 2 is lost (and its thread throws, as the only failure of
     * the job). The lock is that of the third object registered (key 2), whose manager under
     * {@code sc} is node 2 ({@code LockIds.object}, hashed over the nodes): their requests wait there.
     */
    public static final class LostWhileAwaited extends Spmd {

        /** A shared single object, for its lock. */
        public static final class Box {
            long value;
        }

        static final String LOST = "node 2 is lost";
        private static final int LOSING = 2;
        /** Long enough for the other nodes' requests to reach node 2 and wait there. */
        private static final long REQUESTS_ARRIVE_MILLIS = 300;
        private Object held;

        @Override
        public void init() {
            for (int key = 0; key <= LOSING; key++) {
                held = pool.register(new Box());
            }
        }

        @Override
        public void start() {
            boolean first = myThread() % threadsPerNode() == 0;
            if (myNode() == LOSING && first) {
                pool.lock(held);
            }
            barrier();
            if (myNode() != LOSING) {
                pool.lock(held);
                pool.unlock(held);
            } else if (first) {
                try {
                    Thread.sleep(REQUESTS_ARRIVE_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ((LosesNodeComm) comm).loseThisNode();
                throw new IllegalStateException(LOST);
            } else {
                barrier(); // ended by the abort
            }
        }
    }
}
