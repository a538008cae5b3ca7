package org.jdsm.protocol.lrc;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.SharedObjectPool;

/** For jobs of any protocol that need a release to publish on the calling thread: under lrc only a waiting node makes it. */
public final class LockQueue {

    private LockQueue() {
    }

    /**
     * Under lrc, waits until another node is queued for lock {@code id} (see {@link org.jdsm.LockIds}),
     * which the calling thread holds: only then does its release hand the token on, publishing this
     * node's writes, on this thread. Other protocols release at once: returns at once.
     */
    public static void awaitNextNode(SharedObjectPool pool, long id) {
        if (!(pool instanceof LazyRelease lrc)) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!lrc.queuedBehind(id)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no other node asked for lock " + id + " within 10 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }
}
