package org.jdsm.comm.ucx;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jdsm.comm.Dispatcher;

/**
 * The job as the progress thread sees it: the peers, delivery to the Dispatcher, and the rule that
 * a peer failure is reported exactly once, never after an orderly departure, never while closing.
 * Only the progress thread calls it.
 */
final class UcxMesh {

    static final Logger LOG = Logger.getLogger(UcxMesh.class.getPackageName());

    final int me;
    private final UcxPeer[] peers;
    private final Dispatcher dispatcher;
    private boolean closing;

    /** {@code peers} is indexed by rank, with null at {@code me}. */
    UcxMesh(int me, UcxPeer[] peers, Dispatcher dispatcher) {
        this.me = me;
        this.peers = peers;
        this.dispatcher = dispatcher;
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

    /** Hands a message to the Dispatcher; a Dispatcher bug must not stop the progress thread. */
    void deliver(int from, boolean express, byte[] data) {
        try {
            if (express) {
                dispatcher.expressReceived(from, data);
            } else {
                dispatcher.received(from, data);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "node " + me + ": the dispatcher failed on a message from node " + from, e);
        }
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
