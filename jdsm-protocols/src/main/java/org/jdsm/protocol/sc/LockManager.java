package org.jdsm.protocol.sc;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;

/**
 * The manager side of the job-wide locks this node manages: who holds each lock and who waits for
 * it, served first come, first served. Each node asks for a lock at most once at a time (its own
 * threads are excluded from each other before they ask). Never blocks: a grant is a callback run
 * when the lock is handed over.
 */
final class LockManager {

    private static final class Lock {
        int holder = -1;
        final Queue<Waiter> waiting = new ArrayDeque<>();
    }

    private record Waiter(int node, Runnable grant) {
    }

    private final Map<Long, Lock> locks = new HashMap<>();

    /** {@code node} wants {@code lock}; {@code grant} runs (now or at a later release) once it holds it. */
    synchronized void acquire(long lock, int node, Runnable grant) {
        Lock l = locks.computeIfAbsent(lock, id -> new Lock());
        if (l.holder == -1) {
            l.holder = node;
            grant.run();
        } else {
            l.waiting.add(new Waiter(node, grant));
        }
    }

    /** {@code node} gives {@code lock} up; the longest waiter gets it. */
    synchronized void release(long lock, int node) {
        Lock l = locks.get(lock);
        if (l == null || l.holder != node) {
            throw new IllegalStateException("sc protocol error: node " + node + " released lock " + lock
                    + " held by " + (l == null || l.holder == -1 ? "nobody" : "node " + l.holder));
        }
        Waiter next = l.waiting.poll();
        if (next == null) {
            locks.remove(lock);
        } else {
            l.holder = next.node();
            next.grant().run();
        }
    }
}
