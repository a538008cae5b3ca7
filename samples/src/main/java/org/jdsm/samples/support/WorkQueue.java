package org.jdsm.samples.support;

import org.jdsm.SharedObjectPool;

/**
 * A shared work queue of numbered items (JESSICA's job queue): threads on any node take the next
 * item under the queue's lock. The lock is the queue's own write lock: {@code acquire} of a
 * one-block shared object excludes every other thread of the job and brings the current content,
 * so one token moves per take (a separate {@code lock} would move a second). Register one instance
 * in {@code Spmd.init()}; a shared object, so public with a public field and a no-argument
 * constructor.
 */
public final class WorkQueue {

    /** Next item to hand out. */
    public int next;

    /**
     * Takes the next of {@code items} items: {@code acquire} the queue, take, {@code release}.
     * Returns {@code items} once every item has been taken.
     */
    public int take(SharedObjectPool pool, int items) {
        pool.acquire(this);
        try {
            int item = next;
            if (item < items) {
                next = item + 1;
            }
            return item;
        } finally {
            pool.release(this);
        }
    }
}
