package org.jdsm.instrument.runtime;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.SpmdThreads;

/**
 * Instrumented code that touches a shared object on a thread that runs neither {@code start()} nor
 * {@code fin()} (a parallel stream, an executor of the job's own) is not checked, so it may read
 * stale data and its writes may stay unpublished. The first such access on a node says so on
 * stderr, once, instead of leaving wrong results unexplained.
 */
final class OffThreadAccess {

    private static final Set<SharedObjectPool> WARNED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private OffThreadAccess() {
    }

    /** Called for an access to {@code obj} on a thread with no pool. */
    static void noteIfShared(Object obj) {
        SharedObjectPool pool = SpmdThreads.runningPoolSharing(obj);
        if (pool != null && WARNED.add(pool)) {
            System.err.println("jdsm: warning: thread '" + Thread.currentThread().getName() + "' touched "
                    + pool.registered(obj) + ", but it runs neither start() nor fin(), so the instrumentation does not"
                    + " check its accesses: it may read stale data and its writes may never be published. Keep shared"
                    + " accesses on the threads running start(), or make them current and publish them there with"
                    + " pool.update/acquire/release around the parallel part.");
        }
    }
}
