package org.jdsm.protocol.suite;

import org.jdsm.SharedObjectPool;

/** A shared flag that one thread raises and signals under a named lock while others wait for it there. */
final class SignalledFlag {

    private final SharedObjectPool pool;
    private final long[] flag;

    /** Registers the flag (call in {@code init()}). */
    SignalledFlag(SharedObjectPool pool) {
        this.pool = pool;
        this.flag = pool.register(new long[1], 1);
    }

    /**
     * Waits, holding lock {@code name}, until the flag is raised, each wait at most
     * {@code millisPerWait} ms (0: no limit); true if a signal ended a wait or none was needed.
     */
    boolean awaitRaised(String name, long millisPerWait) {
        pool.update(flag);
        boolean waited = false;
        boolean signalled = false;
        while (flag[0] == 0) {
            waited = true;
            signalled |= pool.await(name, millisPerWait);
            pool.update(flag);
        }
        return signalled || !waited;
    }

    /** Raises the flag and signals lock {@code name}, which the caller holds. */
    void raise(String name) {
        pool.acquire(flag);
        flag[0] = 1;
        pool.release(flag);
        pool.signalAll(name);
    }
}
