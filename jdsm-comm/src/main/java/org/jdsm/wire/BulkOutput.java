package org.jdsm.wire;

import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A Kryo {@link Output} whose primitive-array writes are single bulk copies instead of Kryo's
 * per-element loop. Kryo's own array serializers call these methods, so {@code double[]} and
 * friends take the fast path with no further registration. Arrays from {@link #DEFER_MIN_BYTES}
 * are not copied at all but {@linkplain #deferred() deferred}: a {@link GatheredMessage} copies them
 * later, once, straight to where the message is sent from.
 */
final class BulkOutput extends Output {

    /** Arrays from this size are deferred instead of copied into the buffer. */
    static final int DEFER_MIN_BYTES = 64 << 10;

    private final List<GatheredMessage.Deferred> deferred = new ArrayList<>();

    BulkOutput(int bufferSize) {
        super(bufferSize, -1);
    }

    /** The arrays left in place since the last {@link #reset()}, in message order. */
    List<GatheredMessage.Deferred> deferred() {
        return deferred;
    }

    @Override
    public void reset() {
        super.reset();
        deferred.clear(); // drops the references to the arrays of the previous message
    }

    private ByteBuffer window(int bytes) {
        require(bytes);
        ByteBuffer view = ByteBuffer.wrap(buffer, position, bytes).order(ByteOrder.LITTLE_ENDIAN);
        position += bytes;
        return view;
    }

    /** Copies {@code count} elements into the buffer, or from {@link #DEFER_MIN_BYTES} on records them to be written later. */
    private void writeBulk(Object array, int offset, int count, int elementBytes) {
        if ((long) count * elementBytes >= DEFER_MIN_BYTES) {
            deferred.add(new GatheredMessage.Deferred(position, array, offset, count, elementBytes));
        } else {
            PrimitiveArrays.put(window(count * elementBytes), array, offset, count);
        }
    }

    @Override
    public void writeDoubles(double[] array, int offset, int count) {
        writeBulk(array, offset, count, Double.BYTES);
    }

    @Override
    public void writeLongs(long[] array, int offset, int count) {
        writeBulk(array, offset, count, Long.BYTES);
    }

    /** Kryo's int[] serializer asks for varints; a fixed-width bulk copy is faster for arrays. */
    @Override
    public void writeInts(int[] array, int offset, int count, boolean optimizePositive) {
        writeInts(array, offset, count);
    }

    @Override
    public void writeLongs(long[] array, int offset, int count, boolean optimizePositive) {
        writeLongs(array, offset, count);
    }

    @Override
    public void writeInts(int[] array, int offset, int count) {
        writeBulk(array, offset, count, Integer.BYTES);
    }

    @Override
    public void writeFloats(float[] array, int offset, int count) {
        writeBulk(array, offset, count, Float.BYTES);
    }

    @Override
    public void writeShorts(short[] array, int offset, int count) {
        writeBulk(array, offset, count, Short.BYTES);
    }

    @Override
    public void writeChars(char[] array, int offset, int count) {
        writeBulk(array, offset, count, Character.BYTES);
    }
}
