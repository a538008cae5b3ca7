package org.jdsm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ArrayRangeTest {

    private final WireFormat wire = new WireFormat();

    /** A message record holding a range among other fields, as the DSM protocols send blocks. */
    record Block(long id, Object content, int[] have) {
    }

    @Test
    void everyPrimitiveKindArrivesAsAnArrayOfExactlyTheRange() {
        Random r = new Random(7);
        double[] d = r.doubles(1000).toArray();
        long[] l = r.longs(1000).toArray();
        int[] i = r.ints(1000).toArray();
        float[] f = new float[1000];
        short[] s = new short[1000];
        char[] c = new char[1000];
        byte[] b = new byte[1000];
        boolean[] z = new boolean[1000];
        r.nextBytes(b);
        for (int k = 0; k < 1000; k++) {
            f[k] = r.nextFloat();
            s[k] = (short) r.nextInt();
            c[k] = (char) r.nextInt();
            z[k] = r.nextBoolean();
        }
        assertArrayEquals(Arrays.copyOfRange(d, 10, 510), (double[]) roundTrip(ArrayRange.of(d, 10, 500)));
        assertArrayEquals(Arrays.copyOfRange(l, 999, 1000), (long[]) roundTrip(ArrayRange.of(l, 999, 1)));
        assertArrayEquals(Arrays.copyOfRange(i, 0, 1000), (int[]) roundTrip(ArrayRange.of(i, 0, 1000)));
        assertArrayEquals(Arrays.copyOfRange(f, 3, 4), (float[]) roundTrip(ArrayRange.of(f, 3, 1)));
        assertArrayEquals(Arrays.copyOfRange(s, 100, 200), (short[]) roundTrip(ArrayRange.of(s, 100, 100)));
        assertArrayEquals(Arrays.copyOfRange(c, 5, 905), (char[]) roundTrip(ArrayRange.of(c, 5, 900)));
        assertArrayEquals(Arrays.copyOfRange(b, 1, 999), (byte[]) roundTrip(ArrayRange.of(b, 1, 998)));
        assertArrayEquals(Arrays.copyOfRange(z, 0, 0), (boolean[]) roundTrip(ArrayRange.of(z, 0, 0)));
        assertArrayEquals(Arrays.copyOfRange(z, 17, 777), (boolean[]) roundTrip(ArrayRange.of(z, 17, 760)));
    }

    @Test
    void aRangeInsideAMessageEncodesLikeTheCopiedArrayAndReadsTheArrayWhenEncoded() {
        double[] live = new Random(3).doubles(4096).toArray();
        ArrayRange range = ArrayRange.of(live, 1024, 1024);
        byte[] viaRange = wire.encode(new Block(9, range, new int[] {1, 2}));
        byte[] viaCopy = wire.encode(new Block(9, Arrays.copyOfRange(live, 1024, 2048), new int[] {1, 2}));
        int extra = viaRange.length - viaCopy.length;
        assertTrue(extra >= 0 && extra <= 1, "a range costs what the copied array costs plus its kind byte, not " + extra);
        live[1024] = -1; // after encoding: must not show up
        Block decoded = (Block) wire.decode(viaRange);
        assertEquals(9, decoded.id());
        assertArrayEquals(new int[] {1, 2}, decoded.have());
        assertArrayEquals(((double[]) ((Block) wire.decode(viaCopy)).content()), (double[]) decoded.content());
    }

    @Test
    void onlyPrimitiveArraysAndRangesInsideThemAreAccepted() {
        assertTrue(ArrayRange.supports(new double[1]));
        assertFalse(ArrayRange.supports(new Object[1]));
        assertFalse(ArrayRange.supports(List.of()));
        assertThrows(IllegalArgumentException.class, () -> ArrayRange.of(new String[3], 0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayRange.of(new double[3], 2, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayRange.of(new double[3], -1, 1));
    }

    @Test
    void aLengthLargerThanTheMessageIsRejectedBeforeAllocating() {
        byte[] bytes = wire.encode(ArrayRange.of(new double[8], 0, 8));
        // Truncate the body but keep the declared length: the decoder must refuse, not allocate.
        byte[] truncated = Arrays.copyOf(bytes, bytes.length - 40);
        assertThrows(WireException.class, () -> wire.decode(truncated));
    }

    private Object roundTrip(ArrayRange range) {
        return wire.decode(wire.encode(range));
    }
}
