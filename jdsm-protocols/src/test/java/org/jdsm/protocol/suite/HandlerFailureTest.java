package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A node whose message handler fails stops the job as a failing thread does, telling every other
 * node before it leaves. Here node 0's handler serves the other nodes' fetches of a single shared
 * object whose field node 0's thread set to a value Kryo cannot copy. The failure is reported on one
 * of the node's Comm worker threads (whose sends take a while over {@code slow-workers}, as over a
 * congested link), while the node's own thread, waiting in a barrier that the abort breaks, ends at
 * once: the node must not leave (closing its Comm) before that worker has told the others, or they
 * wait for ever for their fetches (over LocalComm, which reports no departure).
 */
class HandlerFailureTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aFailedHandlerStopsEveryNode(String protocol) {
        for (String comm : List.of("slow-workers", "local")) {
            AssertionError failed = assertThrows(AssertionError.class,
                    () -> Jobs.runOver(comm, UncopyablePayloadJob.class, protocol, new Shape(6, 1), List.of()));
            assertTrue(failed.getMessage().contains("node 0 failed in handling a message from node"), failed.getMessage());
        }
    }

    /** A value Kryo cannot copy: it holds a thread. */
    public static final class Uncopyable {
        final Thread owner = Thread.currentThread();
    }

    /** A single shared object, homed on node 0. */
    public static final class Box {
        Object payload;
    }

    /** Node 0 puts an uncopyable value into the box; after a barrier every other node reads the box. */
    public static final class UncopyablePayloadJob extends Spmd {
        Box box;

        @Override
        public void init() {
            box = pool.register(new Box());
        }

        @Override
        public void start() {
            if (myNode() == 0) {
                pool.acquire(box);
                box.payload = new Uncopyable();
                pool.release(box);
            }
            barrier();
            if (myNode() != 0) {
                pool.update(box); // node 0 cannot copy the box for the reply
            }
            barrier();
        }
    }
}
