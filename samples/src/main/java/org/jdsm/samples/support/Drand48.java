package org.jdsm.samples.support;

/**
 * The C library's {@code srand48}/{@code lrand48}: the 48-bit linear congruential generator
 * {@code x = (0x5DEECE66D * x + 0xB) mod 2^48}. SPLASH-2 LU builds its matrix with
 * {@code lrand48}, so this reproduces the original matrix exactly; Water draws its initial
 * velocities from {@code drand48}.
 */
public final class Drand48 {

    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;

    private long state;

    /** {@code srand48(seed)}: the high 32 bits of the state are the seed, the low 16 bits 0x330E. */
    public Drand48(long seed) {
        state = ((seed & 0xFFFF_FFFFL) << 16) | 0x330EL;
    }

    /** {@code lrand48()}: a value in {@code [0, 2^31)}. */
    public long lrand48() {
        return step() >>> 17;
    }

    /** {@code drand48()}: a value in {@code [0, 1)}, all 48 bits of the state. */
    public double drand48() {
        return step() / (double) (1L << 48);
    }

    private long step() {
        state = (MULTIPLIER * state + ADDEND) & MASK;
        return state;
    }
}
