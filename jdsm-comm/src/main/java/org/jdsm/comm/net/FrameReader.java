package org.jdsm.comm.net;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * Reads {@link Frames} from a non-blocking channel as their bytes arrive. It reads no byte past the
 * frame it expects, so what the peer sends next stays in the socket for whoever reads on, and it
 * checks the length and type before it allocates the payload.
 */
final class FrameReader {

    private final ByteBuffer header = ByteBuffer.allocate(Frames.HEADER_BYTES);
    /** Null until the header is in. */
    private ByteBuffer payload;
    private byte type;

    /**
     * The next frame, of type {@code expected} and at most {@code limit} payload bytes, or null if
     * not all of it has arrived yet.
     *
     * @throws EOFException if the peer closed the connection first
     * @throws org.jdsm.comm.CommException if the header announces a wrong length or type
     */
    Frame read(ReadableByteChannel channel, byte expected, int limit) throws IOException {
        if (payload == null) {
            if (!fill(channel, header)) {
                return null;
            }
            int length = header.getInt(0);
            type = header.get(4);
            Frames.checkLength(length, limit); // before anything is allocated for it
            Frames.checkType(type, expected);
            payload = ByteBuffer.allocate(length);
        }
        if (!fill(channel, payload)) {
            return null;
        }
        Frame frame = new Frame(type, payload.array());
        header.clear();
        payload = null;
        return frame;
    }

    /** Reads what has arrived into {@code buffer}; true once it is full. */
    private static boolean fill(ReadableByteChannel channel, ByteBuffer buffer) throws IOException {
        if (buffer.hasRemaining() && channel.read(buffer) < 0) {
            throw new EOFException("the peer closed the connection");
        }
        return !buffer.hasRemaining();
    }
}
