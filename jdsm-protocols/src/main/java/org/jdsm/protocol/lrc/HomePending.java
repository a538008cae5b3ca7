package org.jdsm.protocol.lrc;

import java.util.Arrays;
import org.jdsm.LockIds;
import org.jdsm.SharedObject;

/**
 * Which blocks are homed here, and which of those have released writes not yet published: one bit
 * per block of each object, so that checking, ending and publishing the writes of a home block
 * touch no {@link BlockState} (after a sweep over the data, touching thousands of them costs a
 * cache miss each). The words that have pending bits are listed, so publishing costs what is
 * pending, not the size of the objects. The pending bits are guarded by the protocol's state
 * monitor; the homed-here bits never change once an object is added.
 */
final class HomePending {

    /** Per object key, one bit per block: pending. */
    private long[][] bits = new long[0][];
    /** Per object key, one bit per block: homed here (a bit test is cheaper than asking the object). */
    private long[][] homed = new long[0][];
    /** The non-zero words of {@link #bits}, each once, as {@code key << 32 | word}. */
    private long[] words = new long[16];
    private int wordCount;
    private int size;

    /** Makes room for the blocks of {@code so}, which node {@code myNode} may be home of; objects are added in key order. */
    void addObject(SharedObject so, int myNode) {
        int words = (so.blockCount() + 63) >>> 6;
        long[] home = new long[words];
        for (int b = 0; b < so.blockCount(); b++) {
            if (so.home(b) == myNode) {
                home[b >>> 6] |= 1L << b;
            }
        }
        bits = Arrays.copyOf(bits, bits.length + 1);
        bits[bits.length - 1] = new long[words];
        homed = Arrays.copyOf(homed, homed.length + 1);
        homed[homed.length - 1] = home;
    }

    /** True if block {@code block} of object {@code key} is homed here (a bit test: no object or block state is read). */
    boolean isHomed(int key, int block) {
        return (homed[key][block >>> 6] & 1L << block) != 0;
    }

    /** Adds block {@code block} of object {@code key} if it is homed here; false if it is not. */
    boolean addIfHomed(int key, int block) {
        if (!isHomed(key, block)) {
            return false;
        }
        add(key, block);
        return true;
    }

    void add(int key, int block) {
        addWord(key, block >>> 6, 1L << block);
    }

    /**
     * Adds the blocks of word {@code w} of object {@code key} that are set in {@code word} and homed
     * here; returns the others.
     */
    long addHomed(int key, int w, long word) {
        long homedHere = word & homed[key][w];
        if (homedHere != 0) {
            addWord(key, w, homedHere);
        }
        return word & ~homedHere;
    }

    private void addWord(int key, int w, long blocks) {
        long[] set = bits[key];
        long old = set[w];
        long added = blocks & ~old;
        if (added == 0) {
            return;
        }
        if (old == 0) {
            if (wordCount == words.length) {
                words = Arrays.copyOf(words, 2 * wordCount);
            }
            words[wordCount++] = (long) key << 32 | w;
        }
        set[w] = old | added;
        size += Long.bitCount(added);
    }

    /** How many blocks are pending. */
    int size() {
        return size;
    }

    /** Writes the pending blocks' lock ids into {@code ids} from {@code at} on, and empties the set. */
    void drainTo(long[] ids, int at) {
        for (int i = 0; i < wordCount; i++) {
            int key = (int) (words[i] >>> 32);
            int w = (int) words[i];
            long[] set = bits[key];
            for (long word = set[w]; word != 0; word &= word - 1) {
                ids[at++] = LockIds.block(key, (w << 6) + Long.numberOfTrailingZeros(word));
            }
            set[w] = 0;
        }
        wordCount = 0;
        size = 0;
    }
}
