package org.jdsm.comm.net;

import java.lang.ref.SoftReference;

/**
 * One spare object per thread, e.g. a buffer reused for every message the thread encodes, held
 * softly: the GC reclaims it when memory runs short or the thread has not used it for a while.
 * A thread {@link #take}s it and must end each take with {@link #putBack} or {@link #drop} (in a
 * {@code finally}); a take in between (a nested use) finds no spare and makes its own.
 *
 * @param <T> the spare's type
 */
public final class ThreadSpare<T> {

    /** A thread's spare and whether it is taken now. */
    private static final class Slot<T> {
        SoftReference<T> kept;
        boolean taken;
    }

    private final ThreadLocal<Slot<T>> slots = ThreadLocal.withInitial(Slot::new);

    /** This thread's spare, or null if it has none (never had one, the GC took it, or it is taken now). */
    public T take() {
        Slot<T> slot = slots.get();
        if (slot.taken) {
            return null;
        }
        slot.taken = true;
        return slot.kept == null ? null : slot.kept.get();
    }

    /** Ends a take: {@code spare} (the one taken or a replacement) is this thread's spare from now on. */
    public void putBack(T spare) {
        Slot<T> slot = slots.get();
        slot.taken = false;
        if (slot.kept == null || slot.kept.get() != spare) {
            slot.kept = new SoftReference<>(spare);
        }
    }

    /** Ends a take keeping no spare (e.g. it grew too large to hold on to). */
    public void drop() {
        Slot<T> slot = slots.get();
        slot.taken = false;
        slot.kept = null;
    }
}
