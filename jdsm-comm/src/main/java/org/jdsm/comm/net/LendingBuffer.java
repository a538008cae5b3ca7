package org.jdsm.comm.net;

/**
 * The receive buffer a Comm reuses for the bulk messages it lends to a
 * {@link org.jdsm.comm.BufferDispatcher}, sparing it a fresh array per message. It grows to the
 * largest message up to {@link #MAX_KEPT_BYTES}; larger messages get an array of their own, so one
 * huge message does not hold its memory for good. Not thread-safe: one I/O thread uses it.
 */
public final class LendingBuffer {

    /** Largest buffer kept for reuse. */
    public static final int MAX_KEPT_BYTES = 8 << 20;

    private byte[] kept = new byte[0];

    /** An array of at least {@code length} bytes: the kept one (grown if needed), or a new one above {@link #MAX_KEPT_BYTES}. */
    public byte[] get(int length) {
        if (length > MAX_KEPT_BYTES) {
            return new byte[length];
        }
        if (kept.length < length) {
            // Grow in powers of two, so a slowly growing message size costs few allocations.
            kept = new byte[length <= 1 ? 1 : Integer.highestOneBit(length - 1) << 1];
        }
        return kept;
    }
}
