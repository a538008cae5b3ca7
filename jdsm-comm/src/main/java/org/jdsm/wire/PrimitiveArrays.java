package org.jdsm.wire;

import java.nio.ByteBuffer;

/**
 * The primitive arrays the wire format copies in bulk (double, long, int, float, short, char), one
 * typed bulk copy each between an array and a little-endian buffer window, so the encoder, the
 * decoder, gathered messages and the recycler share one dispatch on the array's type.
 */
final class PrimitiveArrays {

    private PrimitiveArrays() {
    }

    /** Bytes per element of a bulk-copied primitive array; 0 for anything else. */
    static int elementBytes(Object array) {
        if (array instanceof double[] || array instanceof long[]) {
            return Long.BYTES;
        } else if (array instanceof int[] || array instanceof float[]) {
            return Integer.BYTES;
        } else if (array instanceof short[] || array instanceof char[]) {
            return Short.BYTES;
        }
        return 0;
    }

    /** Copies {@code count} elements of {@code array} from {@code offset} into {@code window} (little-endian, from its start). */
    static void put(ByteBuffer window, Object array, int offset, int count) {
        if (array instanceof double[] a) {
            window.asDoubleBuffer().put(a, offset, count);
        } else if (array instanceof long[] a) {
            window.asLongBuffer().put(a, offset, count);
        } else if (array instanceof int[] a) {
            window.asIntBuffer().put(a, offset, count);
        } else if (array instanceof float[] a) {
            window.asFloatBuffer().put(a, offset, count);
        } else if (array instanceof short[] a) {
            window.asShortBuffer().put(a, offset, count);
        } else {
            window.asCharBuffer().put((char[]) array, offset, count);
        }
    }

    /** Fills all of {@code array} from {@code window} (little-endian, from its start). */
    static void get(ByteBuffer window, Object array) {
        if (array instanceof double[] a) {
            window.asDoubleBuffer().get(a);
        } else if (array instanceof long[] a) {
            window.asLongBuffer().get(a);
        } else if (array instanceof int[] a) {
            window.asIntBuffer().get(a);
        } else if (array instanceof float[] a) {
            window.asFloatBuffer().get(a);
        } else if (array instanceof short[] a) {
            window.asShortBuffer().get(a);
        } else {
            window.asCharBuffer().get((char[]) array);
        }
    }
}
