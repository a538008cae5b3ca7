package org.jdsm.comm;

import java.nio.ByteBuffer;

/** Small helpers for the buffers Comms lend and take. */
public final class ByteBuffers {

    private ByteBuffers() {
    }

    /** A new array holding {@code buffer}'s bytes from its position to its limit; the position is left as it is. */
    public static byte[] remainingCopy(ByteBuffer buffer) {
        byte[] copy = new byte[buffer.remaining()];
        buffer.get(buffer.position(), copy);
        return copy;
    }
}
