package org.jdsm.comm.net;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Plumbing;

/**
 * Bounds the accepted connections that have not authenticated yet, which anyone who can reach the
 * port may open: at most {@code limit} at a time, each for at most {@code millis} in all (a per-read
 * time-out would let a peer trickle a byte at a time). A new connection never waits for a slot: when
 * all are taken, the oldest pending connection is cut off to make room, preferring one that has not
 * sent a plausible hello, as a real node sends its hello right after connecting. The owner closes
 * the connection of every slot it is done with, and logs why it ended ({@link Slot#cutOffReason}).
 *
 * <p>The listener marks the steps itself ({@link Slot#hello}, {@link Slot#authenticated},
 * {@link Slot#release}): Netty's event loops, which lend their scheduler for the time limits, and
 * the {@link HandshakeSelector} of the blocking listeners.
 */
public final class HandshakeSlots implements AutoCloseable {

    /** Slots a listener of a job's nodes keeps beyond one per node, for strays and retries. */
    public static final int SPARE = 32;
    /** A listen backlog that holds a burst of connections while the accept loop admits them. */
    public static final int BACKLOG = 1024;

    private static final String CLOSED = "the listener closed";

    private final int limit;
    private final long millis;
    /** In order of arrival, oldest first. */
    private final Set<Slot> pending = new LinkedHashSet<>();
    private final ScheduledExecutorService cutOffs;
    private final boolean ownsCutOffs;
    private boolean closed;

    /** {@code threadName} names the one thread of its own that cuts off connections whose time is up. */
    public HandshakeSlots(String threadName, int limit, long millis) {
        this(cutOffThread(threadName), true, limit, millis);
    }

    /**
     * Cuts off connections whose time is up on {@code cutOffs}, which the caller keeps running
     * until this is closed and shuts down itself. Its cancelled tasks must not linger (Netty's
     * event loops drop them at once), or a flood piles them up.
     */
    public HandshakeSlots(ScheduledExecutorService cutOffs, int limit, long millis) {
        this(cutOffs, false, limit, millis);
    }

    private HandshakeSlots(ScheduledExecutorService cutOffs, boolean ownsCutOffs, int limit, long millis) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        this.limit = limit;
        this.millis = millis;
        this.cutOffs = cutOffs;
        this.ownsCutOffs = ownsCutOffs;
    }

    private static ScheduledExecutorService cutOffThread(String threadName) {
        ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, task -> Plumbing.daemon(threadName, task));
        thread.setRemoveOnCancelPolicy(true); // a flood must not pile up cancelled timers
        return thread;
    }

    /**
     * Nanoseconds until {@link #admit} may cut off a connection that has been pending for at least
     * {@code graceNanos}: zero if a slot is free or the one it would cut off is that old already. A
     * listener that can leave new connections in its listen backlog meanwhile gives every connection
     * that long to send its hello, however fast a flood arrives.
     */
    public synchronized long nanosUntilRoom(long graceNanos) {
        if (pending.size() < limit) {
            return 0;
        }
        return Math.max(0, victim().admitted + graceNanos - System.nanoTime());
    }

    /** Takes a slot for a connection just accepted, cutting off the oldest pending one if none is free. */
    public synchronized Slot admit(AutoCloseable connection) {
        if (pending.size() >= limit) {
            victim().cutOff("cut off to make room: " + limit + " connections were already authenticating");
        }
        Slot slot = new Slot(connection);
        pending.add(slot);
        if (closed) {
            slot.cutOff(CLOSED); // accepted just before the listener closed
        } else {
            slot.timer = cutOffs.schedule(() -> slot.cutOff("no complete handshake within " + millis + " ms"),
                    millis, TimeUnit.MILLISECONDS);
        }
        return slot;
    }

    private Slot victim() {
        for (Slot slot : pending) {
            if (!slot.hello) {
                return slot;
            }
        }
        return pending.iterator().next();
    }

    /** Cuts off every pending connection and those admitted later, and stops its own timer thread. */
    @Override
    public synchronized void close() {
        closed = true;
        if (ownsCutOffs) {
            cutOffs.shutdownNow();
        }
        for (Slot slot : pending.toArray(new Slot[0])) {
            slot.cutOff(CLOSED);
        }
    }

    /** One accepted connection's right to authenticate. */
    public final class Slot {

        private final AutoCloseable connection;
        private final long admitted = System.nanoTime();
        private ScheduledFuture<?> timer;
        private boolean hello;
        private String cutOff;

        private Slot(AutoCloseable connection) {
            this.connection = connection;
        }

        /** The peer sent a hello whose claims passed the checks: it is cut off after those that did not. */
        public void hello() {
            synchronized (HandshakeSlots.this) {
                hello = true;
            }
        }

        /** Authenticated: frees the slot for good. False if the connection was cut off first. */
        public boolean authenticated() {
            synchronized (HandshakeSlots.this) {
                if (cutOff != null) {
                    return false;
                }
                release();
                return true;
            }
        }

        /** Frees the slot if it is still held (the handshake failed). */
        public void release() {
            synchronized (HandshakeSlots.this) {
                pending.remove(this);
                stopTimer();
            }
        }

        /** Why the connection was cut off, or null if it was not. */
        public String cutOffReason() {
            synchronized (HandshakeSlots.this) {
                return cutOff;
            }
        }

        private void cutOff(String reason) {
            synchronized (HandshakeSlots.this) {
                if (!pending.remove(this)) {
                    return; // authenticated or released meanwhile
                }
                cutOff = reason;
                stopTimer();
                Plumbing.closeQuietly(connection); // its thread's blocked read fails at once
            }
        }

        private void stopTimer() {
            if (timer != null) {
                timer.cancel(false);
            }
        }
    }
}
