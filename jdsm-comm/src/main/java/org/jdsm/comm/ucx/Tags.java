package org.jdsm.comm.ucx;

/**
 * The 64-bit UCX tag of every message: bit 63 set for express, bit 62 for the goodbye marker (the
 * last message of its lane), the sender's rank in bits 32-61, and in bits 0-31 the key the
 * receiver handed that sender over the authenticated control channel. A message whose key is
 * wrong did not come from a peer that authenticated (anyone who learns a worker's transport
 * address can connect to it), so it never reaches the Dispatcher.
 */
final class Tags {

    /** The express bit, which is also the mask that tells the two lanes apart when probing. */
    static final long EXPRESS = 1L << 63;
    /** The goodbye marker: the sender sends nothing more on this lane. */
    static final long FIN = 1L << 62;
    /** Ranks must fit below the flag bits. */
    static final int MAX_NODES = 1 << 30;

    private Tags() {
    }

    static long of(boolean express, int sender, int key) {
        return (express ? EXPRESS : 0) | ((long) sender << 32) | (key & 0xFFFF_FFFFL);
    }

    static long fin(boolean express, int sender, int key) {
        return of(express, sender, key) | FIN;
    }

    static boolean isFin(long tag) {
        return (tag & FIN) != 0;
    }

    static boolean isExpress(long tag) {
        return (tag & EXPRESS) != 0;
    }

    static int sender(long tag) {
        return (int) ((tag & ~(EXPRESS | FIN)) >>> 32);
    }

    static int key(long tag) {
        return (int) tag;
    }
}
