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

    /** A named lock; below -2^32. */
    public static long named(String name) {
        return -(1L << 33) - (name.hashCode() & 0xffffffffL);
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
