package org.jdsm.instrument.programs;

/** Which thread writes which cell of an array in blocks of two, for programs that must write every block from two nodes. */
final class BlockWriters {

    private BlockWriters() {
    }

    /** The thread that writes cell {@code i}: at 2x2 the two cells of a block go to threads of different nodes. */
    static int writer(int i, int threads) {
        return ((i % 2) * 2 + (i / 2) % 2) % threads;
    }
}
