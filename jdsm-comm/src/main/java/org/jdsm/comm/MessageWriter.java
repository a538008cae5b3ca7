package org.jdsm.comm;

import java.nio.ByteBuffer;

/**
 * A message that writes itself into the buffers a {@link Comm} hands it, so that a message put
 * together from several places (e.g. a header and large arrays still in the caller's memory) is
 * copied once, straight into the Comm's send memory, instead of first into an array of its own.
 */
public interface MessageWriter {

    /** Largest step a writer asks {@link Room#next} for at once. */
    int MAX_STEP = 256 << 10;

    /** The message's length in bytes. */
    int length();

    /**
     * Writes all {@link #length()} bytes, in order, into the buffers {@code room} hands out, each
     * from its position on (advancing it). Called once, on the sending thread, before the send call
     * returns.
     */
    void writeTo(Room room);

    /** The whole message in a new array (for Comms without send memory of their own). */
    static byte[] toArray(MessageWriter message) {
        byte[] bytes = new byte[message.length()];
        GatherBuffer.writeWhole(message, bytes);
        return bytes;
    }

    /** Where a {@link MessageWriter} writes. */
    interface Room {
        /**
         * A buffer with at least {@code bytes} (at most {@link #MAX_STEP}) remaining from its
         * position, e.g. the one handed out last while it has room. The writer then writes at most
         * that many bytes there, from that position on, before it asks again.
         */
        ByteBuffer next(int bytes);
    }
}
