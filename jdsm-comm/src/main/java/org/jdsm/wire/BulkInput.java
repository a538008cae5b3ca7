package org.jdsm.wire;

import com.esotericsoftware.kryo.io.ByteBufferInput;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The reading twin of {@link BulkOutput}: primitive arrays come out of the buffer in one copy each.
 * It reads a ByteBuffer, so that one class serves both a message in an array (wrapped) and one in
 * native memory a Comm lends (a direct buffer), with the same wire format.
 */
final class BulkInput extends ByteBufferInput {

    /** Reads {@code message} from its position to its limit; the buffer's own position is not moved. */
    BulkInput(ByteBuffer message) {
        super(message.slice());
    }

    private ByteBuffer window(int bytes) {
        require(bytes);
        ByteBuffer view = byteBuffer.slice(position, bytes).order(ByteOrder.LITTLE_ENDIAN);
        setPosition(position + bytes);
        return view;
    }

    @Override
    public double[] readDoubles(int length) {
        double[] out = new double[length];
        window(length * Double.BYTES).asDoubleBuffer().get(out);
        return out;
    }

    @Override
    public long[] readLongs(int length) {
        long[] out = new long[length];
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
        int[] out = new int[length];
        window(length * Integer.BYTES).asIntBuffer().get(out);
        return out;
    }

    @Override
    public float[] readFloats(int length) {
        float[] out = new float[length];
        window(length * Float.BYTES).asFloatBuffer().get(out);
        return out;
    }

    @Override
    public short[] readShorts(int length) {
        short[] out = new short[length];
        window(length * Short.BYTES).asShortBuffer().get(out);
        return out;
    }

    @Override
    public char[] readChars(int length) {
        char[] out = new char[length];
        window(length * Character.BYTES).asCharBuffer().get(out);
        return out;
    }
}
