package org.jdsm.instrument.runtime;

/**
 * The element range {@code [lo, hi)} that an array access site may go on using without another
 * check, packed into one {@code long} so that a check returns it without allocating:
 * {@code lo} in the high 32 bits, {@code hi} in the low 32 bits. Rewritten code unpacks it with
 * {@code l2i} (hi) and {@code 32 lushr; l2i} (lo).
 */
public final class Ranges {

    /** Every index: the array is not shared, or the thread does not run {@code start()}. */
    public static final long ANY = of(Integer.MIN_VALUE, Integer.MAX_VALUE);
    /** No index: check again next time (the index was out of bounds). */
    public static final long NONE = of(0, 0);

    private Ranges() {
    }

    /** The range {@code [lo, hi)}. */
    public static long of(int lo, int hi) {
        return (long) lo << 32 | hi & 0xFFFF_FFFFL;
    }

    /** Its first index. */
    public static int lo(long range) {
        return (int) (range >>> 32);
    }

    /** One past its last index. */
    public static int hi(long range) {
        return (int) range;
    }
}
