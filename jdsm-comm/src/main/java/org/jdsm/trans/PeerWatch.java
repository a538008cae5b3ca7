package org.jdsm.trans;

import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.jdsm.comm.CommConfig;

/**
 * Notices a peer that has gone silent: its JVM stopped or hung, its host or the network down. Such a
 * peer's connections stay open, so its Comm reports nothing, and every node waiting for it would wait
 * for ever. A tick that finds nothing sent to a peer since the previous tick sends it a heartbeat,
 * so a live peer is heard at least every two ticks, and a tick notices it within one more. A peer
 * unheard for the timeout, {@value #TICKS_PER_TIMEOUT} ticks, is reported once. (With 6 ticks, a
 * timeout of 1 s reported live nodes of a machine with a load of 20 as silent; 3 s did not, and the
 * longest silence of a live node seen there was 1.5 s.)
 *
 * <p>A tick that runs late means this node itself was not running (a stopped JVM, a long garbage
 * collection, a machine with far more threads than cores): what it did not hear meanwhile proves
 * nothing, so silence counts only the time this node ran. (Counting silence anew from every tick
 * more than two periods late instead missed a peer stopped for 4.5 s with a 3 s timeout in 1 of 20
 * runs on a machine at load 18, where ticks ran that late now and then.)
 */
final class PeerWatch {

    /** CommConfig option, or system property with {@code jdsm.} before it: seconds of silence; 0 turns the watch off. */
    static final String TIMEOUT_OPTION = "peer.timeoutSeconds";
    static final double DEFAULT_TIMEOUT_SECONDS = 30;
    static final int TICKS_PER_TIMEOUT = 10;
    private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_TICK_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** What the watch does on its own thread. */
    interface Peers {
        /** Sends {@code node} a heartbeat. */
        void heartbeat(int node);

        /** Reports {@code node} lost: nothing heard from it for {@code silentNanos}. */
        void silent(int node, long silentNanos);
    }

    private final int myNode;
    private final TrafficCounters traffic;
    private final Peers peers;
    private final LongSupplier clock;
    private final long timeoutNanos;
    private final long tickNanos;
    /** Heartbeats heard per peer: they are not traffic, but they are signs of life. */
    private final AtomicLongArray heartbeats;
    /** 1 for a peer no longer watched: it left, or it was reported lost. */
    private final AtomicIntegerArray unwatched;
    // Touched by the tick thread only.
    private final long[] sentSeen;
    private final long[] heardSeen;
    private final long[] heardAt;
    private long lastTick;
    private ScheduledExecutorService timer;

    PeerWatch(int myNode, TrafficCounters traffic, double timeoutSeconds, Peers peers) {
        this(myNode, traffic, timeoutSeconds, peers, System::nanoTime);
    }

    /** As the constructor above, reading time from {@code clock} (nanoseconds), for tests. */
    PeerWatch(int myNode, TrafficCounters traffic, double timeoutSeconds, Peers peers, LongSupplier clock) {
        int nodes = traffic.nodes();
        this.myNode = myNode;
        this.traffic = traffic;
        this.peers = peers;
        this.clock = clock;
        this.timeoutNanos = (long) (timeoutSeconds * 1e9);
        this.tickNanos = Math.max(MIN_TICK_NANOS, Math.min(MAX_TICK_NANOS, timeoutNanos / TICKS_PER_TIMEOUT));
        this.heartbeats = new AtomicLongArray(nodes);
        this.unwatched = new AtomicIntegerArray(nodes);
        this.sentSeen = new long[nodes];
        this.heardSeen = new long[nodes];
        this.heardAt = new long[nodes];
    }

    /**
     * The timeout configured for {@code config}: its {@value #TIMEOUT_OPTION} option, else the system
     * property {@code jdsm.peer.timeoutSeconds}, else {@value #DEFAULT_TIMEOUT_SECONDS} seconds.
     */
    static double timeoutSeconds(CommConfig config) {
        String value = config.option(TIMEOUT_OPTION, System.getProperty("jdsm." + TIMEOUT_OPTION));
        if (value == null) {
            return DEFAULT_TIMEOUT_SECONDS;
        }
        try {
            double seconds = Double.parseDouble(value.trim());
            if (seconds >= 0 && seconds <= 86_400) {
                return seconds;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("jdsm." + TIMEOUT_OPTION + " must be a number of seconds from 0 (no watch)"
                + " to 86400, not '" + value + "'");
    }

    /** Starts ticking; the peers count as heard now. */
    void start() {
        startClock();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jdsm-peer-watch-" + myNode);
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tick, tickNanos, tickNanos, TimeUnit.NANOSECONDS);
    }

    /** The peers count as heard now. */
    void startClock() {
        long now = clock.getAsLong();
        lastTick = now;
        for (int n = 0; n < heardAt.length; n++) {
            heardAt[n] = now;
        }
    }

    /** The period of {@link #tick}, in nanoseconds. */
    long tickNanos() {
        return tickNanos;
    }

    /** Stops ticking, and waits for a tick under way to end. Idempotent. */
    void stop() {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A heartbeat came from {@code node}. */
    void heartbeatFrom(int node) {
        heartbeats.incrementAndGet(node);
    }

    /** {@code node} left or was lost: its silence from now on is no news. */
    void unwatch(int node) {
        unwatched.set(node, 1);
    }

    /** Sends the heartbeats due and reports the peers silent for too long; runs on the timer's thread. */
    void tick() {
        try {
            long now = clock.getAsLong();
            long paused = Math.max(0, now - lastTick - tickNanos);
            lastTick = now;
            for (int n = 0; n < heardAt.length; n++) {
                if (n != myNode && unwatched.get(n) == 0) {
                    check(n, now, paused);
                }
            }
        } catch (RuntimeException e) {
            // A failed send must not end the ticks (an executor drops a task that throws).
            System.getLogger(PeerWatch.class.getName()).log(System.Logger.Level.WARNING,
                    "node " + myNode + ": watching peers: " + e);
        }
    }

    private void check(int node, long now, long paused) {
        long sent = traffic.sentMessages(node);
        if (sent == sentSeen[node]) {
            peers.heartbeat(node);
        }
        sentSeen[node] = sent;
        long heard = traffic.receivedMessages(node) + heartbeats.get(node);
        if (heard != heardSeen[node]) {
            heardSeen[node] = heard;
            heardAt[node] = now;
            return;
        }
        heardAt[node] += paused;
        if (now - heardAt[node] >= timeoutNanos && unwatched.compareAndSet(node, 0, 1)) {
            peers.silent(node, now - heardAt[node]);
        }
    }

    /** {@code nanos} as seconds for a message, e.g. "3.0 s". */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
