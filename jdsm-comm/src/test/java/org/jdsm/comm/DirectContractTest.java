package org.jdsm.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The {@link Comm} contract with {@link DirectDispatcher}s ({@link RecordingDispatcher#direct}), for
 * Comms that lend their native receive memory: every message must still come whole, intact and in
 * order, large bulk messages from peers must come in native memory, and what is sent on from that
 * memory inside the callback must arrive intact although the memory is freed right after.
 */
public abstract class DirectContractTest extends CommContractTest {

    private static final int COUNT = 40;
    private static final int LARGE = 256 << 10;

    /** The size from which the Comm under test lends native memory. */
    protected abstract int directFromBytes();

    @Test
    void largeBulkMessagesFromPeersComeInNativeMemory() throws Exception {
        assertTrue(LARGE >= directFromBytes(), "the test's large messages must be lent natively");
        sendMixFrom0To1(COUNT, LARGE);
        RecordingDispatcher.Direct d = (RecordingDispatcher.Direct) mesh.dispatcher(1);
        d.await(() -> d.bulkFrom(0).size() == COUNT, WAIT, COUNT + " messages 0->1");
        Messages.checkSequence(d.bulkFrom(0), 0, COUNT, "0->1");
        assertEquals(COUNT / 2, d.directMessages(), "bulk messages that came in native memory");
    }

    /**
     * Large messages go back from the lent native memory itself; small ones from a direct buffer of
     * the test's, at an offset and scribbled over right after the send.
     */
    @Test
    void nativeMessagesSentOnFromTheCallbackArriveIntact() throws Exception {
        Comm echo = mesh.comm(1);
        RecordingDispatcher.Direct relay = (RecordingDispatcher.Direct) mesh.dispatcher(1);
        ByteBuffer reused = ByteBuffer.allocateDirect(1024);
        relay.onDirect((from, message) -> echo.asend(from, message));
        relay.onLent((from, buffer, length) -> {
            reused.clear().position(7);
            reused.put(buffer, 0, length).flip().position(7);
            echo.asend(from, reused);
            reused.clear().put(new byte[reused.capacity()]);
        });
        sendMixAndCheckEchoes(COUNT, LARGE);
    }
}
