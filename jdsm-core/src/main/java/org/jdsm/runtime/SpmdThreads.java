package org.jdsm.runtime;

import org.jdsm.DsmException;
import org.jdsm.SharedObjectPool;

/**
 * Which global SPMD thread the current Java thread is, and the pool of its node, set by the
 * runtime around {@code start()}. Several nodes may live in one JVM, so instrumented code finds
 * its pool here rather than in a static.
 */
public final class SpmdThreads {

    private record Current(int globalThread, SharedObjectPool pool) {
    }

    private static final ThreadLocal<Current> CURRENT = new ThreadLocal<>();

    private SpmdThreads() {
    }

    /** The global thread id of the calling thread; fails outside {@code start()}. */
    public static int current() {
        Current c = CURRENT.get();
        if (c == null) {
            throw new DsmException("myThread() is defined only on threads running start()");
        }
        return c.globalThread();
    }

    /** The pool of the node whose {@code start()} the calling thread runs; null on any other thread. */
    public static SharedObjectPool pool() {
        Current c = CURRENT.get();
        return c == null ? null : c.pool();
    }

    static void set(int globalThread, SharedObjectPool pool) {
        CURRENT.set(new Current(globalThread, pool));
    }

    static void clear() {
        CURRENT.remove();
    }
}
