package org.jdsm.comm;

import java.nio.ByteBuffer;
import org.jdsm.comm.net.ThreadSpare;

/**
 * Each thread's array for gathering a {@link MessageWriter} whose Comm has no send memory of its
 * own, reused so that large messages do not allocate one each time (as the encoder's own buffer
 * was before large arrays were handed over in place). Held softly, and only up to
 * {@link #MAX_KEPT_BYTES}.
 */
final class GatherBuffer {

    private static final int MAX_KEPT_BYTES = 16 << 20;
    private static final ThreadSpare<byte[]> KEPT = new ThreadSpare<>();

    private GatherBuffer() {
    }

    /** Takes bytes {@code [0, length)} of a gathered message, valid only during the call. */
    @FunctionalInterface
    interface Sink {
        void take(byte[] buffer, int length);
    }

    /** Writes {@code message} into this thread's array and hands it to {@code sink}. */
    static void gather(MessageWriter message, Sink sink) {
        int length = message.length();
        byte[] buffer = KEPT.take(); // a send nested in the sink gathers into an array of its own
        if (buffer == null || buffer.length < length) {
            buffer = new byte[Math.max(length, 4096)];
        }
        try {
            MessageWriter.writeWhole(message, ByteBuffer.wrap(buffer, 0, length));
            sink.take(buffer, length);
        } finally {
            if (buffer.length <= MAX_KEPT_BYTES) {
                KEPT.putBack(buffer);
            } else {
                KEPT.drop();
            }
        }
    }
}
