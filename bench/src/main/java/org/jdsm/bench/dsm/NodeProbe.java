package org.jdsm.bench.dsm;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.DsmStats;
import org.jdsm.runtime.PoolContext;
import org.jdsm.trans.TrafficCounters;

/**
 * A node's message counters ({@code Trans.traffic()}) and DSM statistics, read from inside a job.
 *
 * <p>The runtime hands a job no public way to its {@link PoolContext} (the pool keeps it in a private
 * field, protocols reach it through protected methods), so this reads the field reflectively. That
 * is fine for a benchmark in the unnamed module, and it fails at the first use with a clear message
 * if the field is renamed. A public accessor (e.g. {@code SharedObjectPool.traffic()}) would make it
 * unnecessary.
 */
final class NodeProbe {

    private final TrafficCounters traffic;
    private final DsmStats stats;

    NodeProbe(SharedObjectPool pool) {
        PoolContext ctx = context(pool);
        this.traffic = ctx.trans().traffic();
        this.stats = ctx.stats();
    }

    private static PoolContext context(SharedObjectPool pool) {
        try {
            Field f = SharedObjectPool.class.getDeclaredField("context");
            f.setAccessible(true);
            return (PoolContext) f.get(pool);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read the pool's PoolContext (SharedObjectPool.context changed?): " + e, e);
        }
    }

    /** Messages this node has sent so far, to all nodes (Trans counts bulk and express sends). */
    long sentMessages() {
        long n = 0;
        for (int i = 0; i < traffic.nodes(); i++) {
            n += traffic.sentMessages(i);
        }
        return n;
    }

    /**
     * Messages this node has received so far. Trans counts a reception on the Comm's I/O thread
     * before it hands the message to a handler, so it is counted before anything the message causes.
     * (A send is counted only after {@code Comm.asend} returns; a sender preempted right there, e.g.
     * by the event-loop thread its send just woke, counts it late.)
     */
    long receivedMessages() {
        long n = 0;
        for (int i = 0; i < traffic.nodes(); i++) {
            n += traffic.receivedMessages(i);
        }
        return n;
    }

    /** Bytes this node has sent so far (message payloads as handed to the Comm). */
    long sentBytes() {
        long n = 0;
        for (int i = 0; i < traffic.nodes(); i++) {
            n += traffic.sentBytes(i);
        }
        return n;
    }

    long stat(DsmStats.Counter c) {
        return stats.get(c);
    }

    /**
     * The manager node of lock {@code lockId} as the protocol computes it ({@code LazyRelease.manager},
     * package-private, read reflectively); fails clearly for a protocol without that method.
     */
    static int lockManager(SharedObjectPool pool, long lockId) {
        try {
            Method m = pool.getClass().getDeclaredMethod("manager", long.class);
            m.setAccessible(true);
            return (Integer) m.invoke(pool, lockId);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot ask " + pool.getClass().getName()
                    + " for the manager of a lock (method manager(long) changed?): " + e, e);
        }
    }

    /**
     * Waits until every Trans worker thread of this JVM is parked idle, seen twice {@code micros}
     * apart (at most 5 s). Trans counts a send only after {@code Comm.asend} returns, and a worker
     * may be preempted right there (by the event-loop thread the send woke up), so a counter read
     * while a worker runs can miss a message that was already sent. Returns how many checks found
     * a worker busy.
     */
    static long awaitTransIdle(long micros) {
        long busy = 0;
        long deadline = System.nanoTime() + 5_000_000_000L;
        int idleChecks = 0;
        while (idleChecks < 2 && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(micros * 1000L);
            if (transWorkersIdle()) {
                idleChecks++;
            } else {
                idleChecks = 0;
                busy++;
            }
        }
        return busy;
    }

    private static boolean transWorkersIdle() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 16];
        int n = root.enumerate(all, true);
        for (int i = 0; i < n; i++) {
            if (all[i].getName().startsWith("jdsm-trans-") && all[i].getState() != Thread.State.WAITING) {
                return false;
            }
        }
        return true;
    }
}
