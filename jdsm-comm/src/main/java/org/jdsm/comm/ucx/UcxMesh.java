package org.jdsm.comm.ucx;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jdsm.comm.BufferDispatcher;
import org.jdsm.comm.DirectDispatcher;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.net.LendingBuffer;

/**
 * The job as the progress thread sees it: the peers, delivery to the Dispatcher (in one reused,
 * lent buffer where it is a {@link BufferDispatcher}, large ones in UCX's own receive buffer where
 * it is a {@link DirectDispatcher}), and the rule that a peer failure is reported
 * exactly once, never after an orderly departure, never while closing. Only the progress thread
 * calls it.
 */
final class UcxMesh {

    static final Logger LOG = Logger.getLogger(UcxMesh.class.getPackageName());

    final int me;
    private final UcxPeer[] peers;
    private final Dispatcher dispatcher;
    /**
     * Bulk messages from this size on go to a {@link DirectDispatcher} in UCX's receive buffer: UCX
     * sends them by rendezvous here (UCX_RNDV_THRESH is 8 KiB for tcp and shared memory), so they
     * complete after the call that starts them anyway; below it a copy is cheaper than a buffer object.
     */
    static final int DIRECT_MIN_BYTES = 8 << 10;

    /** Lends received bulk messages to a BufferDispatcher; null for other Dispatchers. */
    private final LendingBuffer lent;
    /** The dispatcher if it reads messages in native memory, else null. */
    private final DirectDispatcher direct;
    private boolean closing;

    /** {@code peers} is indexed by rank, with null at {@code me}. */
    UcxMesh(int me, UcxPeer[] peers, Dispatcher dispatcher) {
        this.me = me;
        this.peers = peers;
        this.dispatcher = dispatcher;
        this.lent = dispatcher instanceof BufferDispatcher ? new LendingBuffer() : null;
        this.direct = dispatcher instanceof DirectDispatcher d ? d : null;
    }

    /** True if a message of this lane and length goes to the dispatcher in UCX's receive buffer ({@link #deliver(int, ByteBuffer)}). */
    boolean deliversDirect(boolean express, int length) {
        return direct != null && !express && length >= DIRECT_MIN_BYTES;
    }

    /** Hands over a bulk message in UCX's receive buffer, lent for the call; a Dispatcher bug must not stop the progress thread. */
    void deliver(int from, ByteBuffer message) {
        try {
            direct.received(from, message);
        } catch (RuntimeException e) {
            dispatcherFailed(from, e);
        }
    }

    /** The peer of that rank, or null for this node and for ranks outside the job. */
    UcxPeer peer(int rank) {
        return rank >= 0 && rank < peers.length ? peers[rank] : null;
    }

    List<UcxPeer> peers() {
        List<UcxPeer> list = new ArrayList<>();
        for (UcxPeer p : peers) {
            if (p != null) {
                list.add(p);
            }
        }
        return list;
    }

    /**
     * An array to receive a message of {@code length} bytes into for {@link #deliver}: the lent
     * buffer for a bulk message to a BufferDispatcher (at least that long), else a new array.
     */
    byte[] receiveBuffer(boolean express, int length) {
        return express || lent == null ? new byte[length] : lent.get(length);
    }

    /** Hands over a message sent to this node itself (the sender's array). */
    void deliver(int from, boolean express, byte[] data) {
        deliver(from, express, data, data.length);
    }

    /**
     * Hands over bytes {@code [0, length)} of {@code buffer} (from {@link #receiveBuffer}, or the
     * sender's array); a Dispatcher bug must not stop the progress thread.
     */
    void deliver(int from, boolean express, byte[] buffer, int length) {
        try {
            if (express) {
                dispatcher.expressReceived(from, buffer);
            } else if (lent != null) {
                ((BufferDispatcher) dispatcher).received(from, buffer, length);
            } else {
                dispatcher.received(from, buffer);
            }
        } catch (RuntimeException e) {
            dispatcherFailed(from, e);
        }
    }

    private void dispatcherFailed(int from, RuntimeException e) {
        LOG.log(Level.SEVERE, "node " + me + ": the dispatcher failed on a message from node " + from, e);
    }

    /** The peer is gone or broke the protocol: reported once, unless it left in good order or we are closing. */
    void fail(UcxPeer peer, Throwable cause) {
        if (!peer.isUp()) {
            return;
        }
        peer.state = UcxPeer.State.FAILED;
        peer.inFlight(false).clear();
        peer.inFlight(true).clear();
        if (closing) {
            return;
        }
        LOG.warning("node " + me + ": lost node " + peer.rank + ": " + Bootstrap.describe(cause));
        try {
            dispatcher.peerFailed(peer.rank, cause);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "node " + me + ": the dispatcher failed on peerFailed(" + peer.rank + ")", e);
        }
    }

    /**
     * The peer's goodbye marker came, in order, on one lane; on both, it has departed: it sends
     * nothing more, and what we send it from now on is dropped.
     */
    void finReceived(UcxPeer peer) {
        if (++peer.finLanes == 2 && peer.isUp()) {
            peer.state = UcxPeer.State.DEPARTED;
        }
    }

    /** fin has begun: losing peers from now on is no failure. */
    void close() {
        closing = true;
    }
}
