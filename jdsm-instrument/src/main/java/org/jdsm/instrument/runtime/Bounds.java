package org.jdsm.instrument.runtime;

/**
 * Interval arithmetic for the checks the rewriter hoists before a loop nest: the lowest and
 * highest value an index takes over every iteration, computed in {@code long}. A value outside the
 * {@code int} range becomes {@link #WIDE} and stays so; a range with a wide end is checked as the
 * whole array. Keeping every intermediate bound inside the {@code int} range is what makes the
 * bounds exact for the program's own wrapping {@code int} arithmetic, and keeps these operations
 * from overflowing.
 */
public final class Bounds {

    /** Not known to fit an {@code int}: check everything. */
    public static final long WIDE = Long.MIN_VALUE;

    private Bounds() {
    }

    /** {@code a + b}. */
    public static long add(long a, long b) {
        return a == WIDE || b == WIDE ? WIDE : narrow(a + b);
    }

    /** {@code a - b}. */
    public static long sub(long a, long b) {
        return a == WIDE || b == WIDE ? WIDE : narrow(a - b);
    }

    /** {@code a * b}. */
    public static long mul(long a, long b) {
        return a == WIDE || b == WIDE ? WIDE : narrow(a * b);
    }

    /** The smaller of {@code a} and {@code b}. */
    public static long min(long a, long b) {
        return a == WIDE || b == WIDE ? WIDE : Math.min(a, b);
    }

    /** The larger of {@code a} and {@code b}. */
    public static long max(long a, long b) {
        return a == WIDE || b == WIDE ? WIDE : Math.max(a, b);
    }

    /** The first index to check of the range {@code [lo, hi]}. */
    public static int first(long lo, long hi) {
        return lo == WIDE || hi == WIDE ? Integer.MIN_VALUE : (int) lo;
    }

    /** The last index to check of the range {@code [lo, hi]}. */
    public static int last(long lo, long hi) {
        return lo == WIDE || hi == WIDE ? Integer.MAX_VALUE : (int) hi;
    }

    private static long narrow(long v) {
        return v == (int) v ? v : WIDE;
    }
}
