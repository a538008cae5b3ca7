package org.jdsm.protocol.suite;

import org.jdsm.SharedObjectPool;

/**
 * The locks of a {@link RandomProgram} by number: in mixed programs lock 0 is the shared array's own
 * lock (so object locks and named locks are both used, and condition waits on either), the others
 * are named.
 */
final class ProgramLocks {

    private final SharedObjectPool pool;
    private final Object array;
    private final boolean mixed;

    ProgramLocks(SharedObjectPool pool, Object array, boolean mixed) {
        this.pool = pool;
        this.array = array;
        this.mixed = mixed;
    }

    private boolean objectLock(int k) {
        return mixed && k == 0;
    }

    private static String name(int k) {
        return "random-" + k;
    }

    void lock(int k) {
        if (objectLock(k)) {
            pool.lock(array);
        } else {
            pool.lock(name(k));
        }
    }

    void unlock(int k) {
        if (objectLock(k)) {
            pool.unlock(array);
        } else {
            pool.unlock(name(k));
        }
    }

    /** A condition wait on lock {@code k} of at most {@code millis} (0: the untimed call). */
    void await(int k, long millis) {
        if (millis == 0) {
            if (objectLock(k)) {
                pool.await(array);
            } else {
                pool.await(name(k));
            }
        } else if (objectLock(k)) {
            pool.await(array, millis);
        } else {
            pool.await(name(k), millis);
        }
    }

    void signalAll(int k) {
        if (objectLock(k)) {
            pool.signalAll(array);
        } else {
            pool.signalAll(name(k));
        }
    }
}
