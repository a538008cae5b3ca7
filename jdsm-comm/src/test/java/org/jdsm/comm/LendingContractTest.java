package org.jdsm.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The {@link Comm} contract with {@link BufferDispatcher}s ({@link RecordingDispatcher#lending}),
 * for Comms that lend their receive buffers: every message must still come whole, intact and in
 * order, and bulk messages from peers must come lent, in a reused buffer, not one array each.
 */
public abstract class LendingContractTest extends CommContractTest {

    private static final int COUNT = 40;

    @Test
    void bulkMessagesFromPeersComeInOneReusedLentBuffer() throws Exception {
        sendMix(0, 1);
        RecordingDispatcher.Lending d = (RecordingDispatcher.Lending) mesh.dispatcher(1);
        d.await(() -> d.bulkFrom(0).size() == COUNT, WAIT, COUNT + " messages 0->1");
        Messages.checkSequence(d.bulkFrom(0), 0, COUNT, "0->1");
        assertEquals(COUNT, d.lentMessages(), "bulk messages that came in a lent buffer");
        assertEquals(1, d.lentBuffers(), "distinct lent buffers");
    }

    /** The lent buffer is overwritten by the next message right after the callback: the copying send must have its copy by then. */
    @Test
    void lentBuffersSentOnByCopyingSendsFromTheCallbackArriveIntact() throws Exception {
        Comm echo = mesh.comm(1);
        ((RecordingDispatcher.Lending) mesh.dispatcher(1)).onLent((from, buffer, length) -> echo.asend(from, buffer, 0, length));
        sendMix(0, 1);
        RecordingDispatcher d = mesh.dispatcher(0);
        d.await(() -> d.bulkFrom(1).size() == COUNT, WAIT, COUNT + " echoes 0->1->0");
        Messages.checkSequence(d.bulkFrom(1), 0, COUNT, "0->1->0");
        assertNoFailures();
    }

    /** Large (rendezvous in UCX) and small (eager) messages alternate, so some queue behind others. */
    private void sendMix(int from, int to) {
        for (int seq = 0; seq < COUNT; seq++) {
            mesh.comm(from).asend(to, Messages.make(from, seq, seq % 2 == 0 ? 256 << 10 : 100));
        }
    }
}
