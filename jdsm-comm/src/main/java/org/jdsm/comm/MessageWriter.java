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

    /** A message of bytes {@code [offset, offset + length)} of {@code bytes}, which are read when it is written. */
    static MessageWriter of(byte[] bytes, int offset, int length) {
        return new MessageWriter() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public void writeTo(Room room) {
                writeBytes(room, bytes, offset, offset + length);
            }
        };
    }

    /** Writes bytes {@code [from, to)} of {@code bytes} through {@code room}, filling each buffer it hands out. */
    static void writeBytes(Room room, byte[] bytes, int from, int to) {
        for (int at = from; at < to; ) {
            ByteBuffer target = room.next(Math.min(MAX_STEP, to - at));
            int n = Math.min(target.remaining(), to - at);
            target.put(bytes, at, n);
            at += n;
        }
    }

    /** The whole message in a new array (for Comms without send memory of their own). */
    static byte[] toArray(MessageWriter message) {
        byte[] bytes = new byte[message.length()];
        writeWhole(message, ByteBuffer.wrap(bytes));
        return bytes;
    }

    /**
     * Writes all of {@code message} into {@code buffer} from its position on (advancing it).
     *
     * @throws IllegalStateException if the message wrote less than its length
     * @throws java.nio.BufferOverflowException if it wrote more than the buffer holds
     */
    static void writeWhole(MessageWriter message, ByteBuffer buffer) {
        int start = buffer.position();
        message.writeTo(n -> buffer);
        checkWritten(message.length(), buffer.position() - start);
    }

    /**
     * Fails unless a message of {@code length} bytes wrote as many ({@code written}): a Comm must
     * not send a message with a gap of stale bytes in its memory.
     *
     * @throws IllegalStateException if the two differ
     */
    static void checkWritten(int length, int written) {
        if (written != length) {
            throw new IllegalStateException("a message of " + length + " bytes wrote " + written);
        }
    }

    /** Where a {@link MessageWriter} writes. */
    interface Room {
        /**
         * A buffer with at least {@code bytes} (at most {@link #MAX_STEP}) remaining from its
         * position, e.g. the one handed out last while it has room. The writer then writes there,
         * from that position on and up to its limit, before it asks again.
         */
        ByteBuffer next(int bytes);
    }
}
