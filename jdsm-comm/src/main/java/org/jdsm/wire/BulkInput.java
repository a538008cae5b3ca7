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

    /** An array to decode into: a recycled spare, or a new one (always for arrays too small to recycle). */
    private <T> T target(Class<T> type, int length, int elementBytes, IntFunction<T> allocate) {
        Object spare = (long) length * elementBytes >= ArrayRecycler.MIN_BYTES ? recycler.take(type, length) : null;
        return spare != null ? type.cast(spare) : allocate.apply(length);
    }

    private ByteBuffer window(int bytes) {
        require(bytes);
        ByteBuffer view = byteBuffer.slice(position, bytes).order(ByteOrder.LITTLE_ENDIAN);
        setPosition(position + bytes);
        return view;
    }

    @Override
    public double[] readDoubles(int length) {
        double[] out = target(double[].class, length, Double.BYTES, double[]::new);
        window(length * Double.BYTES).asDoubleBuffer().get(out);
        return out;
    }

    @Override
    public long[] readLongs(int length) {
        long[] out = target(long[].class, length, Long.BYTES, long[]::new);
        window(length * Long.BYTES).asLongBuffer().get(out);
        return out;
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
        int[] out = target(int[].class, length, Integer.BYTES, int[]::new);
        window(length * Integer.BYTES).asIntBuffer().get(out);
        return out;
    }

    @Override
    public float[] readFloats(int length) {
        float[] out = target(float[].class, length, Float.BYTES, float[]::new);
        window(length * Float.BYTES).asFloatBuffer().get(out);
        return out;
    }

    @Override
    public short[] readShorts(int length) {
        short[] out = target(short[].class, length, Short.BYTES, short[]::new);
        window(length * Short.BYTES).asShortBuffer().get(out);
        return out;
    }

    @Override
    public char[] readChars(int length) {
        char[] out = target(char[].class, length, Character.BYTES, char[]::new);
        window(length * Character.BYTES).asCharBuffer().get(out);
        return out;
    }
}
