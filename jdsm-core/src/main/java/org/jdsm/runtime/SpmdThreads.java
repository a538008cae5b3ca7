package org.jdsm.runtime;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jdsm.DsmException;
import org.jdsm.SharedObjectPool;

/**
 * Which global SPMD thread the current Java thread is, and the pool of its node, set by the
 * runtime around {@code start()} (and the pool alone around {@code fin()}). Several nodes may live
 * in one JVM, so instrumented code finds its pool here rather than in a static.
 */
public final class SpmdThreads {

    private record Current(int globalThread, SharedObjectPool pool) {
    }

    /** {@link Current#globalThread} of the thread running {@code fin()}: it has a pool but no thread id. */
    private static final int FIN = -1;

    private static final ThreadLocal<Current> CURRENT = new ThreadLocal<>();
    /** The pools of the nodes in this JVM whose threads run {@code start()} now. */
    private static final Set<SharedObjectPool> RUNNING = ConcurrentHashMap.newKeySet();

    private SpmdThreads() {
    }

    /** The global thread id of the calling thread; fails outside {@code start()}. */
    public static int current() {
        Current c = CURRENT.get();
        if (c == null || c.globalThread() == FIN) {
            throw new DsmException("myThread() is defined only on threads running start()");
        }
        return c.globalThread();
    }

    /**
     * The pool of the node whose {@code start()} or {@code fin()} the calling thread runs; null on
     * any other thread.
     */
    public static SharedObjectPool pool() {
        Current c = CURRENT.get();
        return c == null ? null : c.pool();
    }

    /** True if the calling thread runs {@code fin()}. */
    public static boolean runsFin() {
        Current c = CURRENT.get();
        return c != null && c.globalThread() == FIN;
    }

    static void set(int globalThread, SharedObjectPool pool) {
        CURRENT.set(new Current(globalThread, pool));
    }

    /** The calling thread runs {@code fin()} of {@code pool}'s node. */
    static void setFin(SharedObjectPool pool) {
        CURRENT.set(new Current(FIN, pool));
    }

    /** {@code pool}'s node starts or ends running {@code start()}. */
    static void running(SharedObjectPool pool, boolean running) {
        if (running) {
            RUNNING.add(pool);
        } else {
            RUNNING.remove(pool);
        }
    }

    /**
     * A pool in this JVM whose node runs {@code start()} now and shares {@code obj}, or null: for
     * instrumented code that touches {@code obj} on a thread of its own.
     */
    public static SharedObjectPool runningPoolSharing(Object obj) {
        for (SharedObjectPool pool : RUNNING) {
            if (pool.isShared(obj)) {
                return pool;
            }
        }
        return null;
    }

    static void clear() {
        CURRENT.remove();
    }
}
