package org.jdsm;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import org.jdsm.runtime.ConditionMessage;
import org.jdsm.trans.Responder;

/**
 * Job-wide condition waits on JDSM locks, the same for every protocol. Each lock has a condition
 * home (a node chosen by hash) that records which nodes have threads waiting on it; a signal sent
 * there wakes all of them, and each woken thread takes the lock again as any thread does.
 *
 * <p>No wake-up is lost: a waiter records itself at the home (a round trip) before it lets go of
 * the lock, so a signal made by any later holder of the lock reaches the home after the record.
 * A waiter takes a ticket (this node's wake count for the lock) before it records itself and
 * sleeps until the count passes it, so a wake that arrives before it sleeps is not missed either.
 * Wakes are per node, so a thread may also wake from a signal meant for another thread of its
 * node or from one made before it waited: as with {@link Object#wait}, callers wait in a loop
 * that re-checks their condition.
 */
final class Conditions {

    private final SharedObjectPool pool;
    /** At a condition home: per lock, the nodes with threads waiting since the lock's last signal. */
    private final Map<Long, Set<Integer>> waiting = new HashMap<>();
    private final Map<Long, Wakes> wakes = new ConcurrentHashMap<>();

    /** One lock's wake-ups on this node. */
    private static final class Wakes {
        /** Wakes received so far; waiters sleep until it passes their ticket. */
        private volatile long count;
        /**
         * Java monitors that waiting threads sleep on instead of this object (see {@link #sleep}),
         * each with how many threads sleep on it: several threads of a node wait on one monitor (a
         * shared object's synchronized methods), and the first to leave must not take it off the
         * list while the others still sleep there.
         */
        private final Map<Object, Integer> monitors = new IdentityHashMap<>();

        void sleepsOn(Object monitor) {
            synchronized (monitors) {
                monitors.merge(monitor, 1, Integer::sum);
            }
        }

        void leaves(Object monitor) {
            synchronized (monitors) {
                monitors.computeIfPresent(monitor, (m, n) -> n == 1 ? null : n - 1);
            }
        }

        Object[] monitors() {
            synchronized (monitors) {
                return monitors.keySet().toArray();
            }
        }
    }

    Conditions(SharedObjectPool pool) {
        this.pool = pool;
    }

    private Wakes wakes(long lock) {
        return wakes.computeIfAbsent(lock, k -> new Wakes());
    }

    /** The node that records the waiters of {@code lock}. */
    int home(long lock) {
        long h = lock * 0x9e3779b97f4a7c15L;
        return (int) Math.floorMod(h ^ (h >>> 31), (long) pool.nodes());
    }

    /**
     * Records a thread of this node that is about to wait on {@code lock}, which it holds, and
     * returns its ticket for {@link #sleep}. Returns once the home has recorded it.
     */
    long enlist(long lock) {
        long ticket = wakes(lock).count;
        int home = home(lock);
        if (home == pool.myNode()) {
            record(lock, home);
        } else {
            CompletableFuture<Object> recorded = pool.trans().request(home, new ConditionMessage.Wait(lock));
            pool.await(recorded);
        }
        return ticket;
    }

    /**
     * Sleeps until a wake-up of {@code lock} after {@code ticket} arrives or {@code timeoutNanos}
     * pass (0: no limit); true if woken. The thread sleeps on {@code monitor}, which it holds, if
     * not null (so that waiting lets go of that Java monitor too), else on the lock's own wake-up
     * object.
     */
    boolean sleep(long lock, long ticket, long timeoutNanos, Object monitor) {
        Wakes w = wakes(lock);
        Object on = monitor != null ? monitor : w;
        if (monitor != null) {
            w.sleepsOn(monitor);
        }
        try {
            synchronized (on) {
                return pool.awaitInterruptibly(on, () -> w.count > ticket, timeoutNanos, Conditions::unsignalled);
            }
        } finally {
            if (monitor != null) {
                w.leaves(monitor);
            }
        }
    }

    /** What a condition wait waits for, for the long-wait notice. */
    private static String unsignalled() {
        return "it waits for a signalAll on the lock it awaits, and none has come since it began to wait"
                + " (does the thread meant to signal wait too, or has it finished?)";
    }

    /** Wakes every thread of the job waiting on {@code lock} (the caller holds it). */
    void signalAll(long lock) {
        int home = home(lock);
        if (home == pool.myNode()) {
            signalled(lock);
        } else {
            pool.trans().asend(home, new ConditionMessage.Signal(lock));
        }
    }

    /** A message of another node; replies to a {@link ConditionMessage.Wait} once it is recorded. */
    void received(int from, ConditionMessage message, Responder responder) {
        if (message instanceof ConditionMessage.Wait wait) {
            record(wait.lock(), from);
            responder.reply(Boolean.TRUE);
        } else if (message instanceof ConditionMessage.Signal signal) {
            signalled(signal.lock());
        } else if (message instanceof ConditionMessage.Wake wake) {
            wake(wake.lock());
        }
    }

    private void record(long lock, int node) {
        synchronized (waiting) {
            waiting.computeIfAbsent(lock, k -> new TreeSet<>()).add(node);
        }
    }

    /** At the home: wakes the nodes recorded for {@code lock} and forgets them. */
    private void signalled(long lock) {
        Set<Integer> nodes;
        synchronized (waiting) {
            nodes = waiting.remove(lock);
        }
        if (nodes == null) {
            return;
        }
        for (int node : nodes) {
            if (node == pool.myNode()) {
                wake(lock);
            } else {
                pool.trans().asend(node, new ConditionMessage.Wake(lock));
            }
        }
    }

    /**
     * Counts a wake-up and wakes this node's waiters. Runs on a Comm thread, which must not block:
     * a Java monitor that a waiter sleeps on may be held by a thread that waits for this very
     * Comm thread (to take a lock), so those are notified from a helper thread.
     */
    private void wake(long lock) {
        Wakes w = wakes(lock);
        synchronized (w) {
            w.count++;
            w.notifyAll();
        }
        for (Object m : w.monitors()) {
            pool.runElsewhere(() -> {
                synchronized (m) {
                    m.notifyAll();
                }
            });
        }
    }
}
