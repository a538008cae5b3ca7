package org.jdsm;

import java.util.Arrays;

/**
 * One thread's blocks written through {@link SharedObjectPool#writeCheck} since its last
 * synchronization, as block-lock ids ({@link LockIds#block}). Membership is a bit per block in
 * arrays indexed by object key, and the ids are kept in a plain {@code long[]} in the order
 * written, so the per-block path neither boxes nor allocates once the arrays have grown to the
 * blocks the thread writes. Knows the largest id, so asking whether the thread holds a block
 * ordered after another is a compare in the usual case.
 */
final class WrittenBlocks {

    /** No blocks (what {@link #removeAfter} returns when nothing is ordered after). */
    static final long[] NONE = new long[0];

    /** {@code bits[key][block / 64]}, bit {@code block % 64}: written; missing words are zero. */
    private long[][] bits = new long[0][];
    private long[] ids = new long[16];
    private int size;
    private long max = -1;

    boolean contains(long id) {
        int key = LockIds.keyOf(id);
        int word = LockIds.blockOf(id) >>> 6;
        if (key >= bits.length || bits[key] == null || word >= bits[key].length) {
            return false;
        }
        return (bits[key][word] & bit(id)) != 0;
    }

    /** Adds {@code id}; adding one already held changes nothing. */
    void add(long id) {
        if (!contains(id)) {
            addAbsent(id);
        }
    }

    /** Adds {@code id}, which the caller has just seen is not held (the per-block write check's path). */
    void addAbsent(long id) {
        wordsFor(id)[LockIds.blockOf(id) >>> 6] |= bit(id);
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = id;
        max = Math.max(max, id);
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** How many blocks are held. */
    int size() {
        return size;
    }

    /**
     * The held ids in {@code [0, size())}, in the order written; read-only for the caller and valid
     * until the next change.
     */
    long[] ids() {
        return ids;
    }

    void clear() {
        for (int i = 0; i < size; i++) {
            unset(ids[i]);
        }
        size = 0;
        max = -1;
    }

    /** True if some written block is ordered after {@code id}. */
    boolean holdsAfter(long id) {
        return max > id;
    }

    /** Removes and returns the written blocks ordered after {@code id}, in ascending order. */
    long[] removeAfter(long id) {
        if (!holdsAfter(id)) {
            return NONE;
        }
        Arrays.sort(ids, 0, size);
        int cut = size;
        while (cut > 0 && ids[cut - 1] > id) {
            cut--;
        }
        long[] after = Arrays.copyOfRange(ids, cut, size);
        for (long held : after) {
            unset(held);
        }
        size = cut;
        max = cut > 0 ? ids[cut - 1] : -1;
        return after;
    }

    private static long bit(long id) {
        return 1L << LockIds.blockOf(id); // shifts use the low 6 bits: block % 64
    }

    private void unset(long id) {
        bits[LockIds.keyOf(id)][LockIds.blockOf(id) >>> 6] &= ~bit(id);
    }

    /** The bit words of {@code id}'s object, grown to hold its block. */
    private long[] wordsFor(long id) {
        int key = LockIds.keyOf(id);
        int word = LockIds.blockOf(id) >>> 6;
        if (key >= bits.length) {
            bits = Arrays.copyOf(bits, Math.max(key + 1, bits.length * 2));
        }
        long[] words = bits[key] == null ? NONE : bits[key];
        if (word >= words.length) {
            words = Arrays.copyOf(words, Math.max(word + 1, words.length * 2));
            bits[key] = words;
        }
        return words;
    }
}
