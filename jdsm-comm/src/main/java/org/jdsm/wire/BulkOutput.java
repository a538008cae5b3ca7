package org.jdsm.wire;

import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A Kryo {@link Output} whose primitive-array writes are single bulk copies instead of Kryo's
 * per-element loop. Kryo's own array serializers call these methods, so {@code double[]} and
 * friends take the fast path with no further registration.
 */
final class BulkOutput extends Output {

    BulkOutput(int bufferSize) {
        super(bufferSize, -1);
    }

    private ByteBuffer window(int bytes) {
        require(bytes);
        ByteBuffer view = ByteBuffer.wrap(buffer, position, bytes).order(ByteOrder.LITTLE_ENDIAN);
        position += bytes;
        return view;
    }

    @Override
    public void writeDoubles(double[] array, int offset, int count) {
        window(count * Double.BYTES).asDoubleBuffer().put(array, offset, count);
    }

    @Override
    public void writeLongs(long[] array, int offset, int count) {
        window(count * Long.BYTES).asLongBuffer().put(array, offset, count);
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
        window(count * Integer.BYTES).asIntBuffer().put(array, offset, count);
    }

    @Override
    public void writeFloats(float[] array, int offset, int count) {
        window(count * Float.BYTES).asFloatBuffer().put(array, offset, count);
    }

    @Override
    public void writeShorts(short[] array, int offset, int count) {
        window(count * Short.BYTES).asShortBuffer().put(array, offset, count);
    }

    @Override
    public void writeChars(char[] array, int offset, int count) {
        window(count * Character.BYTES).asCharBuffer().put(array, offset, count);
    }
}
