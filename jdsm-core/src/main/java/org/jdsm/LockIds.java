package org.jdsm;

/**
 * The lock-id space shared by protocols: block locks (behind acquire/release), locks on registered
 * objects, and named locks never collide.
 */
public final class LockIds {

    private LockIds() {
    }

    /** The exclusive write lock of one block; non-negative. */
    public static long block(int key, int block) {
        return ((long) key << 31) | block;
    }

    /** The lock taken by {@code lock(obj)} on a registered object; in [-2^31, -1]. */
    public static long object(int key) {
        return -1L - key;
    }

    /**
     * A named lock; below -2^32. From a 62-bit hash of the name, not {@code String.hashCode()}: names
     * with one 32-bit hash are common ("Aa" and "BB"), and two names with one id would be one lock, so
     * a thread holding one while waiting for a thread that takes the other would wait for ever. A
     * node that meets two names with one id fails with a message instead (see {@code LocalExclusion}).
     */
    public static long named(String name) {
        long h = 0xcbf29ce484222325L; // 64-bit FNV-1a over the chars, then a murmur3 finalizer to spread the bits
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x100000001b3L;
        }
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return -(1L << 33) - (h & ((1L << 62) - 1));
    }

    public static boolean isBlock(long id) {
        return id >= 0;
    }

    /** Key of a block lock's object. */
    public static int keyOf(long blockLock) {
        return (int) (blockLock >>> 31);
    }

    /** Block index of a block lock. */
    public static int blockOf(long blockLock) {
        return (int) (blockLock & 0x7fffffffL);
    }
}
