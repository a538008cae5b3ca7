package org.jdsm.instrument.runtime;

import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.SharedClasses;
import org.jdsm.runtime.SpmdThreads;

/**
 * A {@code synchronized} method called on an element of a shared array ({@code counters[b].add()}
 * with {@code synchronized void add()}): the element is not registered itself, so its monitor
 * excludes only this node's threads, and under LRC other nodes' updates of it are lost. Neither the
 * rewriter (which sees only {@code this} inside the method) nor the pool can make that monitor
 * job-wide, so the node says so on stderr, once per site, unless the caller holds a job-wide lock.
 */
final class ElementMonitors {

    private static final OncePerNode WARNED = new OncePerNode();

    private ElementMonitors() {
    }

    /** Before the call {@code call} (method and site) on an element of {@code array}. */
    static void note(Object array, String call) {
        if (!SharedClasses.mayBeShared(array) || HeldMonitors.holdsJobWide()) {
            return; // under a job-wide lock (synchronized (counters[b]) around the call) the updates are ordered
        }
        SharedObjectPool pool = SpmdThreads.pool();
        if (pool == null || !pool.isShared(array) || !WARNED.first(pool, call)) {
            return;
        }
        System.err.println("jdsm: warning: synchronized method " + call + " is called on an element of "
                + pool.registered(array) + ": its monitor is the element's own, which excludes only this node's"
                + " threads, so other nodes' updates of the element are not ordered with these and may be lost."
                + " Take a job-wide lock where the element is loaded, synchronized (array[i]) { array[i].method(); }"
                + " with the array in a field of the job or a static field, or register such objects one by one"
                + " (pool.register(new ...) in init), whose monitors are JDSM locks.");
    }
}
