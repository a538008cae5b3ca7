package org.jdsm.protocol.lrc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The blocks local threads are writing now (through their write locks, or instrumented writes away
 * from the home): one bit per block of each object, set when the first writer starts and cleared
 * when the last one leaves, both under the block's monitor. A barrier, which publishes the writes
 * of blocks held across it, reads them a word at a time instead of visiting every block.
 */
final class WritingBlocks {

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private long[][] bits = new long[0][];
    private final AtomicInteger count = new AtomicInteger();

    /** Makes room for an object's blocks; objects are added in key order, before any writer starts. */
    void addObject(int blockCount) {
        bits = Arrays.copyOf(bits, bits.length + 1);
        bits[bits.length - 1] = new long[(blockCount + 63) >>> 6];
    }

    /** The first writer of block {@code block} of object {@code key} started. */
    void started(int key, int block) {
        WORDS.getAndBitwiseOr(bits[key], block >>> 6, 1L << block);
        count.incrementAndGet();
    }

    /** The last writer of the block left. */
    void stopped(int key, int block) {
        WORDS.getAndBitwiseAnd(bits[key], block >>> 6, ~(1L << block));
        count.decrementAndGet();
    }

    /** True if some block has a writer: the usual case at a barrier is none. */
    boolean any() {
        return count.get() > 0;
    }

    /** How many words of bits object {@code key} has. */
    int words(int key) {
        return bits[key].length;
    }

    /** Word {@code w} of object {@code key}: bit {@code b % 64} is block {@code 64 w + b % 64}. */
    long word(int key, int w) {
        return (long) WORDS.getVolatile(bits[key], w);
    }
}
