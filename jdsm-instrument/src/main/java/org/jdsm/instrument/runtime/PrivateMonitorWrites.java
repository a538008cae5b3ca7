package org.jdsm.instrument.runtime;

import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.SpmdThreads;

/**
 * A shared object written inside {@code synchronized} on an object with no job-wide identity (not
 * shared, not the job, not loaded straight from a static field or a field of the job: a helper
 * object's lock, a local, a method's result): that monitor excludes only the threads of one node,
 * so two nodes' writes under it are not ordered, and under LRC one node's update overwrites the
 * other's (a reduction {@code synchronized (helper.lock) { sum[0] += x; }} comes out short).
 * Neither the rewriter nor the pool can tell which object of another node is the same, so the
 * node says so on stderr, once per site, naming the site and the monitor's class.
 */
final class PrivateMonitorWrites {

    private static final OncePerNode WARNED = new OncePerNode();
    private static final StackWalker WALKER = StackWalker.getInstance();

    private PrivateMonitorWrites() {
    }

    /** Called before a write check of the shared {@code obj} on a checked thread. */
    static void noteIfInside(Object obj) {
        Object monitor = HeldMonitors.onlyPrivate();
        if (monitor == null) {
            return; // the usual case: the pool is looked up only when there is something to say
        }
        SharedObjectPool pool = SpmdThreads.pool();
        String site = WALKER.walk(frames -> frames
                .filter(f -> !f.getClassName().startsWith("org.jdsm.instrument.runtime."))
                .findFirst().map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")")
                .orElse("?"));
        if (WARNED.first(pool, site)) {
            System.err.println("jdsm: warning: " + pool.registered(obj) + " is written at " + site
                    + " inside synchronized on a " + monitor.getClass().getName() + " that is not shared: its monitor"
                    + " excludes only this node's threads, so other nodes' writes under it are not ordered with"
                    + " these and may be lost. Synchronize on a registered object (pool.register it in init), on"
                    + " the job itself (synchronized (this) in the Spmd class), on a lock object read straight from a"
                    + " static field or a field of the job (synchronized (LOCK)) or an element of an array read so (synchronized (LOCKS[i])), or use pool.lock(name)/unlock(name).");
        }
    }
}
