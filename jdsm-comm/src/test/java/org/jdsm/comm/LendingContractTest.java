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
    /** Large messages go by rendezvous in UCX, the small ones between them eagerly. */
    private static final int LARGE = 256 << 10;

    @Test
    void bulkMessagesFromPeersComeInOneReusedLentBuffer() throws Exception {
        sendMixFrom0To1(COUNT, LARGE);
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
        sendMixAndCheckEchoes(COUNT, LARGE);
    }
}
