package org.jdsm.comm.ucx;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Messages handed over by threads other than the progress thread, one queue per lane, so the
 * progress thread can always take express messages first. Lock-free for the senders.
 */
final class Outbox {

    /** One queued message: an array, or (bulk only) filled staging memory, {@code data} then null. */
    record Outgoing(int node, byte[] data, long staged) {
    }

    private final ConcurrentLinkedQueue<Outgoing> bulk = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Outgoing> express = new ConcurrentLinkedQueue<>();

    void add(boolean isExpress, int node, byte[] data) {
        lane(isExpress).add(new Outgoing(node, data, 0));
    }

    /** Queues filled staging memory ({@link UcxWorker#stage}) as a bulk message. */
    void addStaged(int node, long staged) {
        bulk.add(new Outgoing(node, null, staged));
    }

    Outgoing poll(boolean isExpress) {
        return lane(isExpress).poll();
    }

    boolean isEmpty(boolean isExpress) {
        return lane(isExpress).isEmpty();
    }

    boolean isEmpty() {
        return bulk.isEmpty() && express.isEmpty();
    }

    private ConcurrentLinkedQueue<Outgoing> lane(boolean isExpress) {
        return isExpress ? express : bulk;
    }
}
