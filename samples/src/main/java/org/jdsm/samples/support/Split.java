package org.jdsm.samples.support;

/**
 * Splits of {@code length} items among threads that line up with
 * {@link org.jdsm.Distribution#BLOCK} homes, so each thread's part is homed on its own node.
 */
public final class Split {

    private Split() {
    }

    /**
     * First item of part {@code p} when every item is its own shared block: part {@code p} holds
     * the items {@code i} with {@code floor(i * parts / length) == p}, the rule BLOCK homes follow.
     */
    public static int start(int p, int parts, int length) {
        return (int) (((long) p * length + parts - 1) / parts);
    }

    /** One past the last item of part {@code p} (see {@link #start}). */
    public static int end(int p, int parts, int length) {
        return start(p + 1, parts, length);
    }

    /**
     * Items per part when each part is one shared block: {@code ceil(length / parts)}, JGF's
     * {@code slice}. Part {@code p} is {@code [p * chunk, min(length, (p + 1) * chunk))}, and block
     * {@code p} is homed on part {@code p}'s node whenever every part is non-empty.
     */
    public static int chunk(int parts, int length) {
        return Math.max(1, (length + parts - 1) / parts);
    }

    /** First item of part {@code p} in chunks (see {@link #chunk}). */
    public static int chunkStart(int p, int parts, int length) {
        return (int) Math.min(length, (long) p * chunk(parts, length));
    }

    /** One past the last item of part {@code p} in chunks. */
    public static int chunkEnd(int p, int parts, int length) {
        return chunkStart(p + 1, parts, length);
    }
}
