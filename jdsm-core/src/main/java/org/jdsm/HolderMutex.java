package org.jdsm;


/**
 * Mutual exclusion among the threads of one node for one block or lock, owned by a holder object
 * rather than by the calling thread (an asynchronous acquire runs on a helper thread on behalf of
 * the user's thread). Reentrant per holder; waiting wakes up when the job aborts.
 *
 * <p>Entering and leaving take the monitor. Asking whether one holds it does not: the holder is
 * volatile and the depth is written before it, so a thread asking for itself (or for a holder whose
 * entry it has waited for) reads what it needs without a monitor operation per block.
 */
final class HolderMutex {

    private volatile Object holder;
    private int depth;
    /** The outermost entry of the current holder has finished acquiring (see {@link #awaitReady}); volatile for {@link #acquiring}. */
    private volatile boolean ready;
    /**
     * The holder's outermost exit has begun ({@link #startLeaving}) and what the mutex guards is being
     * given up: an entry for the same holder made meanwhile (an {@code acquireAsync} on a helper
     * thread) must wait for the exit and take it afresh, not join an entry that is ending.
     */
    private boolean leaving;
    /** What the mutex guards, for errors: a lock's name or shared object; null for a block. */
    private final Object label;

    /** A block's mutex. */
    HolderMutex() {
        this(null);
    }

    /** The mutex of the lock that {@code label} names. */
    HolderMutex(Object label) {
        this.label = label;
    }

    Object label() {
        return label;
    }

    /** Enters for {@code who}; returns true if this is the outermost entry. */
    synchronized boolean enter(Object who, SharedObjectPool pool) {
        pool.await(this, () -> holder == null || holder == who && !leaving, () -> LongWait.heldBy(holderName()));
        return take(who) == 1;
    }

    /** The holder, for the long-wait notice: a thread of this node (the user's thread, also for its async acquires). */
    private String holderName() {
        return holder instanceof Thread t ? "thread '" + t.getName() + "' of this node" : null;
    }

    /** Enters for {@code who} unless another holder has it; returns the new depth, or 0 if not entered. */
    synchronized int tryEnter(Object who) {
        if (holder != null && (holder != who || leaving)) {
            return 0;
        }
        return take(who);
    }

    /**
     * Waits until the holder's outermost entry has finished taking what the mutex guards ({@link
     * #ready}): a reentrant entry made meanwhile by another thread for the same holder (a second
     * {@code acquireAsync}) must not go ahead of it.
     */
    synchronized void awaitReady(SharedObjectPool pool) {
        pool.await(this, () -> ready);
    }

    /** The outermost entry has taken what the mutex guards. */
    synchronized void ready() {
        ready = true;
        notifyAll();
    }

    /** Caller holds the monitor and no other holder has it. */
    private int take(Object who) {
        int d = ++depth;
        if (d == 1) {
            ready = false;
        }
        holder = who; // after the depth: a reader that sees the holder sees its depth
        return d;
    }

    /** True if {@code who} holds this mutex. */
    boolean heldBy(Object who) {
        return holder == who;
    }

    /** True if {@code who} holds this mutex but its outermost entry is still taking what it guards (an {@code acquireAsync} in flight). */
    boolean acquiring(Object who) {
        return holder == who && !ready;
    }

    /** True if {@code who} holds this mutex exactly once (its next exit frees it). */
    boolean outermost(Object who) {
        return holder == who && depth == 1;
    }

    /**
     * True if {@code who} holds this mutex exactly once, and then its exit begins: until the
     * {@link #exit} that follows, no entry joins it, so the caller may give up what the mutex guards.
     * Without this a reentrant entry made between a check of {@link #outermost} and the exit would
     * believe it holds what was just given up.
     */
    synchronized boolean startLeaving(Object who) {
        leaving = holder == who && depth == 1;
        return leaving;
    }

    /**
     * Leaves every entry of {@code who} but its outermost one, and returns how many it had (the
     * caller checked {@link #heldBy}): a condition wait lets go of a lock however deeply it is held.
     */
    synchronized int unwind(Object who) {
        if (holder != who) {
            throw new IllegalStateException("unwind by a thread that does not hold the mutex");
        }
        int held = depth;
        depth = 1;
        return held;
    }

    /** Restores the {@code held} entries of {@code who} that {@link #unwind} left, once its outermost entry is taken again. */
    synchronized void rewind(Object who, int held) {
        if (holder != who || depth != 1) {
            throw new IllegalStateException("rewind without the outermost entry");
        }
        depth = held;
    }

    /** Leaves once. Caller checked {@link #heldBy}. */
    synchronized void exit() {
        if (--depth == 0) {
            holder = null;
            leaving = false;
            notifyAll();
        }
    }
}
