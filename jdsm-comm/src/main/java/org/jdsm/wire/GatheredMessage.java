package org.jdsm.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.jdsm.comm.MessageWriter;

/**
 * An encoded message whose large primitive arrays were left where they are (see
 * {@link BulkOutput#deferred}): the encoder's buffer holds everything else, and {@link #writeTo}
 * interleaves the two, so each array is copied once, straight into where the Comm sends from.
 * Valid only while the encoder's buffer and the arrays are unchanged, i.e. during the sink call.
 */
final class GatheredMessage implements MessageWriter {

    /** An array whose bytes belong at {@code at} of the encoder's buffer (before the byte there). */
    record Deferred(int at, Object array, int offset, int count, int elementBytes) {
    }

    private final byte[] buffer;
    private final int bufferLength;
    private final List<Deferred> deferred;
    private final int length;

    GatheredMessage(byte[] buffer, int bufferLength, List<Deferred> deferred) {
        this.buffer = buffer;
        this.bufferLength = bufferLength;
        this.deferred = deferred;
        long total = bufferLength;
        for (Deferred d : deferred) {
            total += (long) d.count() * d.elementBytes();
        }
        if (total > Integer.MAX_VALUE) {
            throw new WireException("a message of " + total + " bytes is too large to send", null);
        }
        this.length = (int) total;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public void writeTo(Room room) {
        int from = 0;
        for (Deferred d : deferred) {
            MessageWriter.writeBytes(room, buffer, from, d.at());
            writeArray(room, d);
            from = d.at();
        }
        MessageWriter.writeBytes(room, buffer, from, bufferLength);
    }

    /** The array's elements in steps of whole elements, little-endian as {@link BulkOutput} writes them. */
    private static void writeArray(Room room, Deferred d) {
        int perStep = MAX_STEP / d.elementBytes();
        for (int done = 0; done < d.count(); ) {
            int n = Math.min(perStep, d.count() - done);
            int bytes = n * d.elementBytes();
            ByteBuffer target = room.next(bytes);
            ByteBuffer window = target.slice(target.position(), bytes).order(ByteOrder.LITTLE_ENDIAN);
            PrimitiveArrays.put(window, d.array(), d.offset() + done, n);
            target.position(target.position() + bytes);
            done += n;
        }
    }
}
