package org.jdsm.bench.harness;

/**
 * Bounds of one measured repetition: at most {@code maxOps} operations and, after the first one,
 * no new operation once {@code maxNanos} have passed. Every measuring loop checks both.
 */
public record Budget(int maxOps, long maxNanos) {

    public Budget {
        if (maxOps < 1 || maxNanos < 1) {
            throw new IllegalArgumentException("budget needs at least one op and one nanosecond");
        }
    }

    /** Whether another operation may start, given {@code done} so far and the rep's {@code startNanos}. */
    public boolean more(int done, long startNanos, long nowNanos) {
        return done < maxOps && (done == 0 || nowNanos - startNanos < maxNanos);
    }
}
