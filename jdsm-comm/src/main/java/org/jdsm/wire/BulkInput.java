package org.jdsm.wire;

import com.esotericsoftware.kryo.io.ByteBufferInput;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.IntFunction;

/**
 * The reading twin of {@link BulkOutput}: primitive arrays come out of the buffer in one copy each.
 * It reads a ByteBuffer, so that one class serves both a message in an array (wrapped) and one in
 * native memory a Comm lends (a direct buffer), with the same wire format. Large arrays are decoded
 * into spares from an {@link ArrayRecycler} where it has one of the right shape.
 */
final class BulkInput extends ByteBufferInput {

    private final ArrayRecycler recycler;

    /** Reads {@code message} from its position to its limit; the buffer's own position is not moved. */
    BulkInput(ByteBuffer message, ArrayRecycler recycler) {
        super(message.slice());
        this.recycler = recycler;
    }

    /** Reads {@code length} elements into a recycled spare of that shape, or a new array (always for arrays too small to recycle). */
    private <T> T readBulk(Class<T> type, int length, int elementBytes, IntFunction<T> allocate) {
        Object spare = (long) length * elementBytes >= ArrayRecycler.MIN_BYTES ? recycler.take(type, length) : null;
        T out = spare != null ? type.cast(spare) : allocate.apply(length);
        PrimitiveArrays.get(window(length * elementBytes), out);
        return out;
    }

    private ByteBuffer window(int bytes) {
        require(bytes);
        ByteBuffer view = byteBuffer.slice(position, bytes).order(ByteOrder.LITTLE_ENDIAN);
        setPosition(position + bytes);
        return view;
    }

    @Override
    public double[] readDoubles(int length) {
        return readBulk(double[].class, length, Double.BYTES, double[]::new);
    }

    @Override
    public long[] readLongs(int length) {
        return readBulk(long[].class, length, Long.BYTES, long[]::new);
    }

    @Override
    public int[] readInts(int length, boolean optimizePositive) {
        return readInts(length);
    }

    @Override
    public long[] readLongs(int length, boolean optimizePositive) {
        return readLongs(length);
    }

    @Override
    public int[] readInts(int length) {
        return readBulk(int[].class, length, Integer.BYTES, int[]::new);
    }

    @Override
    public float[] readFloats(int length) {
        return readBulk(float[].class, length, Float.BYTES, float[]::new);
    }

    @Override
    public short[] readShorts(int length) {
        return readBulk(short[].class, length, Short.BYTES, short[]::new);
    }

    @Override
    public char[] readChars(int length) {
        return readBulk(char[].class, length, Character.BYTES, char[]::new);
    }
}
