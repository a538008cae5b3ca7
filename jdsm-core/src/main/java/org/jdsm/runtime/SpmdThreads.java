package org.jdsm.runtime;

import org.jdsm.DsmException;

/** Which global SPMD thread the current Java thread is, set by the runtime around {@code start()}. */
public final class SpmdThreads {

    private static final ThreadLocal<Integer> CURRENT = new ThreadLocal<>();

    private SpmdThreads() {
    }

    /** The global thread id of the calling thread; fails outside {@code start()}. */
    public static int current() {
        Integer id = CURRENT.get();
        if (id == null) {
            throw new DsmException("myThread() is defined only on threads running start()");
        }
        return id;
    }

    static void set(int globalThread) {
        CURRENT.set(globalThread);
    }

    static void clear() {
        CURRENT.remove();
    }
}
