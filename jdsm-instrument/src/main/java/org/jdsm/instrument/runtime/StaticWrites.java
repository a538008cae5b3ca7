package org.jdsm.instrument.runtime;

import org.jdsm.runtime.SpmdThreads;

/**
 * A static field written while the thread holds a job-wide lock (a {@code static synchronized}
 * method, {@code synchronized (LOCK)}, a shared object's monitor): the program means one value for
 * the whole job, a reduction {@code total += x}, but static fields live in each node JVM, so each
 * node keeps its own part and no other node ever sees it, with no error. The rewriter cannot tell
 * a per-node cache from such a total, so the node says so on stderr, once per field.
 */
final class StaticWrites {

    private static final OncePerNode WARNED = new OncePerNode();

    private StaticWrites() {
    }

    /** Before a store to the static {@code field} at {@code site} (both as the rewriter names them). */
    static void note(String field, String site) {
        if (!HeldMonitors.holdsJobWide() || !WARNED.first(SpmdThreads.pool(), field)) {
            return;
        }
        System.err.println("jdsm: warning: static field " + field + " is written at " + site + " inside a"
                + " job-wide lock, but static fields are per node JVM, not shared: each node keeps its own value and"
                + " the other nodes never see this write (a total summed into it holds only this node's part). Keep"
                + " a value meant for the whole job in a registered array or object, which a static field may hold"
                + " (static long[] TOTAL; in init(): TOTAL = pool.register(new long[1], 1); then TOTAL[0] += x).");
    }
}
