package org.jdsm.comm.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jdsm.comm.BufferDispatcher;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.MessageWriter;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeSlots;
import org.jdsm.comm.net.ThrottledLog;

/**
 * One node's view of the job: its peers and their lanes. It tracks start-up (every lane
 * authenticated), routes sends, delivers to the Dispatcher, and turns a lost lane into exactly one
 * {@link Dispatcher#peerFailed} per peer (or into an {@code init} failure while starting).
 */
final class Mesh {

    static final Logger LOG = Logger.getLogger(Mesh.class.getPackageName());

    final CommConfig config;
    final Handshake handshake;
    final long handshakeTimeoutMillis;
    /** Bounds the accepted connections still authenticating; their time limits run on the event loops. */
    final HandshakeSlots handshakeSlots;
    /** Failed handshakes, which anyone who can reach the port may cause, so at a bounded rate. */
    final ThrottledLog refusals = ThrottledLog.forRefusals(LOG);
    private final Dispatcher dispatcher;
    private final Peer[] peers;
    private final EventLoop[] selfLoops = new EventLoop[Lane.values().length];
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final int lanesExpected;
    private int lanesUp;
    private volatile boolean closing;

    Mesh(CommConfig config, Dispatcher dispatcher, EventLoopGroup group, long handshakeTimeoutMillis) {
        this.config = config;
        this.dispatcher = dispatcher;
        this.handshake = new Handshake(config.secret(), config.jobId());
        this.handshakeTimeoutMillis = handshakeTimeoutMillis;
        this.handshakeSlots = new HandshakeSlots(group, config.nodes() + HandshakeSlots.SPARE, handshakeTimeoutMillis);
        this.peers = new Peer[config.nodes()];
        for (int rank = 0; rank < peers.length; rank++) {
            peers[rank] = rank == me() ? null : new Peer(rank);
        }
        // One loop per lane keeps self-sends FIFO per lane, and express apart from bulk when there are 2 threads.
        for (Lane lane : Lane.values()) {
            selfLoops[lane.ordinal()] = group.next();
        }
        this.lanesExpected = Lane.values().length * (peers.length - 1);
        if (lanesExpected == 0) {
            ready.complete(null);
        }
    }

    int me() {
        return config.myNode();
    }

    boolean isClosing() {
        return closing;
    }

    Peer peer(int rank) {
        return peers[rank];
    }

    /** Queues a message; to this node itself it loops back through an event loop. Dropped once the peer is gone. */
    void send(int node, Lane lane, byte[] message) {
        if (node < 0 || node >= peers.length) {
            throw new IllegalArgumentException("node " + node + " outside 0.." + (peers.length - 1));
        }
        if (closing) {
            return;
        }
        if (node == me()) {
            try {
                selfLoops[lane.ordinal()].execute(() -> deliver(node, lane, message));
            } catch (RejectedExecutionException e) {
                // fin() has stopped the event loops: sends after fin are dropped.
            }
        } else {
            peers[node].outbound(lane).offer(message);
        }
    }

    /** Queues a copy of a bulk message the caller keeps (see {@link OutboundLane#offerCopy}). */
    void sendCopy(int node, byte[] buffer, int offset, int length) {
        if (node == me() || node < 0 || node >= peers.length) {
            send(node, Lane.BULK, Arrays.copyOfRange(buffer, offset, offset + length));
        } else if (!closing) {
            peers[node].outbound(Lane.BULK).offerCopy(buffer, offset, length);
        }
    }

    /** Like {@link #sendCopy} for a message that writes itself (see {@link OutboundLane#offerWritten}). */
    void sendWritten(int node, MessageWriter message) {
        if (node == me() || node < 0 || node >= peers.length) {
            send(node, Lane.BULK, MessageWriter.toArray(message));
        } else if (!closing) {
            peers[node].outbound(Lane.BULK).offerWritten(message);
        }
    }

    /** Hands a received message to the Dispatcher; a Dispatcher bug must not break the connection. */
    void deliver(int from, Lane lane, byte[] message) {
        try {
            if (lane == Lane.BULK) {
                dispatcher.received(from, message);
            } else {
                dispatcher.expressReceived(from, message);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "node " + me() + ": the dispatcher failed on a message from node " + from, e);
        }
    }

    /** True if the Dispatcher takes bulk messages in a reused buffer ({@link BufferDispatcher}). */
    boolean lendsBuffers() {
        return dispatcher instanceof BufferDispatcher;
    }

    /** Hands a bulk message in a lent buffer to the {@link BufferDispatcher}; a Dispatcher bug must not break the connection. */
    void deliverLent(int from, byte[] buffer, int length) {
        try {
            ((BufferDispatcher) dispatcher).received(from, buffer, length);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "node " + me() + ": the dispatcher failed on a message from node " + from, e);
        }
    }

    /** Registers an authenticated lane; returns null, or why it is refused. */
    synchronized String attach(int rank, Lane lane, Channel ch) {
        if (closing) {
            return "node " + me() + " is shutting down";
        }
        String refusal = peers[rank].attach(lane, ch);
        if (refusal == null && ++lanesUp == lanesExpected) {
            ready.complete(null);
        }
        return refusal;
    }

    /** A dialed lane could not be set up: {@code init} fails with this error. */
    void failStart(CommException error) {
        ready.completeExceptionally(error);
    }

    /** The peer said BYE. */
    void departed(int rank) {
        peers[rank].depart();
    }

    /** An authenticated lane broke: the peer has failed, unless it left in good order or we are closing. */
    void lost(int rank, Lane lane, Throwable cause) {
        Peer peer = peers[rank];
        if (closing || !peer.fail()) {
            return;
        }
        String what = "node " + me() + ": lost node " + rank + " (" + lane + "): " + describe(cause);
        if (!ready.isDone() || ready.isCompletedExceptionally()) {
            ready.completeExceptionally(new CommException(what, cause)); // init is still running: it throws this
            return;
        }
        LOG.warning(what);
        try {
            dispatcher.peerFailed(rank, cause);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "node " + me() + ": the dispatcher failed on peerFailed(" + rank + ")", e);
        }
    }

    /** Blocks until every lane is up; throws naming what is missing or what failed. */
    void awaitReady(long deadlineNanos) {
        try {
            ready.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new CommException("node " + me() + ": the mesh was not up within "
                    + config.connectTimeout().toMillis() + " ms; still missing: " + missingLanes());
        } catch (ExecutionException e) {
            throw (CommException) e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("node " + me() + ": interrupted while building the mesh", e);
        }
    }

    private String missingLanes() {
        StringJoiner missing = new StringJoiner("; ");
        for (Peer peer : peers) {
            if (peer == null) {
                continue;
            }
            for (Lane lane : Lane.values()) {
                if (!peer.isUp(lane)) {
                    String error = peer.dialError(lane);
                    missing.add(lane + (peer.rank < me() ? " to node " : " from node ") + peer.rank
                            + (error == null ? "" : " (last attempt: " + error + ")"));
                }
            }
        }
        return missing.toString();
    }

    /**
     * Cuts off the connections still authenticating and closes every lane. With a grace period, each
     * lane first sends what is queued and BYE, and the peers get that long to close their side;
     * whatever is still open then is closed hard.
     */
    void close(long graceMillis) {
        List<Channel> channels = new ArrayList<>();
        synchronized (this) {
            closing = true;
        }
        handshakeSlots.close();
        refusals.close();
        for (Peer peer : peers) {
            if (peer != null) {
                channels.addAll(peer.channels());
                if (graceMillis > 0) {
                    peer.finish();
                }
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        for (Channel ch : channels) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || !ch.closeFuture().awaitUninterruptibly(left)) {
                ch.close().awaitUninterruptibly();
            }
        }
    }

    static String describe(Throwable t) {
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }
}
