package org.jdsm;

/**
 * Whether this node's next barrier can still complete. Every thread of every node must call
 * {@code barrier()} equally often, so a barrier waits forever once a thread it needs has returned
 * from {@code start()}: a thread of this node, or a node whose threads all returned after fewer
 * barriers than this one has passed. Such a barrier fails with a message that says so instead.
 */
final class BarrierAttendance {

    private static final String RULE = "; every thread must call barrier() the same number of times";

    /** Local threads waiting in the barrier in progress. */
    private int arrived;
    /** Barriers this node has completed. */
    private long completed;
    /** A local thread that has returned from start(), or null. */
    private String finishedThread;
    /** Of the nodes whose threads have all returned from start(): the one that had passed the fewest barriers. */
    private int finishedNode = -1;
    private long finishedNodeBarriers = Long.MAX_VALUE;

    /** A local thread enters a barrier; throws {@link DsmException} if that barrier can never complete. */
    synchronized void arrive() {
        String why = whyNever();
        if (why != null) {
            throw new DsmException(why);
        }
        arrived++;
    }

    /** This node completed a barrier (called once all local threads arrived and the nodes met). */
    synchronized void completed() {
        completed++;
        arrived = 0;
    }

    synchronized long completedBarriers() {
        return completed;
    }

    /** A local thread returned from start(); true if threads wait in a barrier that now never completes. */
    synchronized boolean threadFinished(String thread) {
        if (finishedThread == null) {
            finishedThread = thread;
        }
        return arrived > 0;
    }

    /** Node {@code node}'s threads all returned from start() after {@code barriers} barriers; true as {@link #threadFinished}. */
    synchronized boolean nodeFinished(int node, long barriers) {
        if (barriers < finishedNodeBarriers) {
            finishedNode = node;
            finishedNodeBarriers = barriers;
        }
        return arrived > 0 && whyNever() != null;
    }

    /** Why the barrier in progress (or the next one) can never complete, or null if it can. */
    synchronized String whyNever() {
        if (finishedThread != null) {
            return "barrier() can never complete: " + finishedThread + " has returned from start()" + RULE;
        }
        if (finishedNodeBarriers <= completed) {
            return "barrier() can never complete: the threads of node " + finishedNode + " have returned from start() after "
                    + finishedNodeBarriers + " barrier" + (finishedNodeBarriers == 1 ? "" : "s") + RULE;
        }
        return null;
    }
}
