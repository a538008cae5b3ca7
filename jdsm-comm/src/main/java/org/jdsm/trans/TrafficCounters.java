package org.jdsm.trans;

import java.util.concurrent.atomic.AtomicLongArray;

/** Messages and bytes sent to and received from each peer, for the job's statistics. */
public final class TrafficCounters {

    private final AtomicLongArray sentMessages;
    private final AtomicLongArray sentBytes;
    private final AtomicLongArray receivedMessages;
    private final AtomicLongArray receivedBytes;

    TrafficCounters(int nodes) {
        sentMessages = new AtomicLongArray(nodes);
        sentBytes = new AtomicLongArray(nodes);
        receivedMessages = new AtomicLongArray(nodes);
        receivedBytes = new AtomicLongArray(nodes);
    }

    void sent(int node, int bytes) {
        sentMessages.incrementAndGet(node);
        sentBytes.addAndGet(node, bytes);
    }

    void received(int node, int bytes) {
        receivedMessages.incrementAndGet(node);
        receivedBytes.addAndGet(node, bytes);
    }

    public int nodes() {
        return sentMessages.length();
    }

    public long sentMessages(int node) {
        return sentMessages.get(node);
    }

    public long sentBytes(int node) {
        return sentBytes.get(node);
    }

    public long receivedMessages(int node) {
        return receivedMessages.get(node);
    }

    public long receivedBytes(int node) {
        return receivedBytes.get(node);
    }
}
