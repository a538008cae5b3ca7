package org.jdsm.samples.support;

import org.jdsm.SharedObjectPool;

/**
 * A shared work queue of numbered items (JESSICA's job queue): threads on any node take the next
 * item under the queue's lock. Register one instance in {@code Spmd.init()}; a shared object, so
 * public with a public field and a no-argument constructor.
 */
public final class WorkQueue {

    /** Next item to hand out. */
    public int next;

    /**
     * Takes the next of {@code items} items: {@code lock}, {@code acquire} the queue, take,
     * {@code release}, {@code unlock}. Returns {@code items} once every item has been taken.
     */
    public int take(SharedObjectPool pool, int items) {
        pool.lock(this);
        try {
            pool.acquire(this);
            int item = next;
            if (item < items) {
                next = item + 1;
            }
            pool.release(this);
            return item;
        } finally {
            pool.unlock(this);
        }
    }
}
