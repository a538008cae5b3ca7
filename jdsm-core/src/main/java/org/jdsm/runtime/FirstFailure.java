package org.jdsm.runtime;

/**
 * Why a node's job stopped: the first failure recorded, by this node itself or, told by another
 * node, elsewhere. Recording is atomic, so of several threads failing at once exactly one goes on
 * to tell the other nodes. (When two did, a node that had stopped after answering the first
 * thread's Abort never answered the second's, and that thread waited its full 2 s.)
 */
final class FirstFailure {

    private volatile String reason;
    /** Set with {@link #reason}, so launchers can tell culprit from bystander. */
    private volatile boolean elsewhere;

    /** Records {@code reason} unless a failure is recorded already; true only for the first. */
    synchronized boolean record(String reason, boolean elsewhere) {
        if (this.reason != null) {
            return false;
        }
        this.elsewhere = elsewhere;
        this.reason = reason;
        return true;
    }

    /** The first failure's reason, or null while the job runs on. */
    String reason() {
        return reason;
    }

    boolean isRecorded() {
        return reason != null;
    }

    /** Whether the first failure was another node's. */
    boolean elsewhere() {
        return elsewhere;
    }
}
