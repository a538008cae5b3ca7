package org.jdsm.comm.ucx;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.jdsm.comm.Departure;

/**
 * Orderly departures, pair by pair, so that no message is lost and no departure looks like a
 * failure. Saying goodbye to a peer means: send it a goodbye marker on both lanes, behind
 * everything sent before (UCX keeps each endpoint's order), and flush, which ends once the peer
 * has taken every message sent to it (see {@link UcxWorker#flush}). A node says goodbye to every
 * peer when it leaves (fin), and to each peer whose markers it received, so a leaving node never
 * waits for the others to leave too. Once both sides said goodbye, each closes its endpoints to the
 * other, then half-closes the control channel: "I no longer use your worker". A leaving node
 * destroys its worker only when every peer has done so (or failed, or the grace time is over).
 * Progress thread only.
 */
final class Farewells {

    private static final byte[] EMPTY = new byte[0];

    private final UcxWorker worker;
    private final UcxMesh mesh;
    private final Controls controls;
    private final boolean force;
    private boolean leaving;
    private long deadlineNanos;
    private Departure departure;
    private boolean warned;

    /** {@code force}: close endpoints without the peer's confirmation (peer error handling only). */
    Farewells(UcxWorker worker, UcxMesh mesh, Controls controls, boolean force) {
        this.worker = worker;
        this.mesh = mesh;
        this.controls = controls;
        this.force = force;
    }

    /** This node leaves (nothing more is sent): losing peers is no failure from now on. */
    void leave(long deadlineNanos, Departure departure) {
        this.leaving = true;
        this.deadlineNanos = deadlineNanos;
        this.departure = departure;
        mesh.close();
    }

    /** Moves every farewell on; true once this node is leaving and done with every peer. */
    boolean step() {
        boolean late = leaving && System.nanoTime() - deadlineNanos > 0;
        List<UcxPeer> waiting = new ArrayList<>();
        for (UcxPeer peer : mesh.peers()) {
            if (!step(peer, late)) {
                waiting.add(peer);
            }
        }
        if (late && !waiting.isEmpty() && !warned) {
            warned = true;
            // After a failure a peer that does not answer is expected (hung, or stopping as well): no warning.
            UcxMesh.LOG.log(departure == Departure.ORDERLY ? Level.WARNING : Level.FINE, "node " + mesh.me + ": "
                    + departure.method() + " ran out of time waiting for peers' goodbyes ("
                    + waiting.stream().map(Farewells::describe).collect(Collectors.joining("; ")) + "); closing anyway");
        }
        return leaving && (waiting.isEmpty() || late);
    }

    /** Where the farewell with a peer stands, for the warning of a fin that runs out of time. */
    private static String describe(UcxPeer peer) {
        return "node " + peer.rank + ": " + peer.farewell.name().toLowerCase(Locale.ROOT)
                + (peer.state == UcxPeer.State.DEPARTED ? ", its goodbye came" : ", its goodbye " + peer.finLanes + "/2 lanes")
                + (peer.controlEnded ? ", control closed" : ", control open")
                + ", " + peer.operations.size() + " UCX operations pending";
    }

    /** Advances one peer's farewell; true when nothing is left to do with it. */
    private boolean step(UcxPeer peer, boolean late) {
        if (peer.state == UcxPeer.State.FAILED) {
            // Its operations, if any, are freed with the worker. The half-close still goes out: a
            // peer leaving at the same time as this node may have closed its control channel before
            // this node took its goodbye out of UCX (which then counts as a failure while closing),
            // and that peer waits for our half-close before it destroys its worker.
            if (peer.farewell != UcxPeer.Farewell.FINISHED) {
                controls.finish(peer);
                peer.farewell = UcxPeer.Farewell.FINISHED;
            }
            return true;
        }
        switch (peer.farewell) {
            case NONE -> {
                if (leaving || peer.state == UcxPeer.State.DEPARTED) {
                    sayGoodbye(peer);
                    peer.farewell = UcxPeer.Farewell.FLUSHING;
                }
            }
            case FLUSHING -> {
                if (peer.controlEnded) {
                    // The peer is done with our worker: sends still in UCX will never be read (a
                    // flush finishes once its endpoint's sends have), so stop waiting for them.
                    peer.operations.clear(); // freed with the worker
                }
                if (finished(peer.operations) && peer.state == UcxPeer.State.DEPARTED || late) {
                    start(peer, true);
                    peer.farewell = UcxPeer.Farewell.CLOSING;
                }
            }
            case CLOSING -> {
                if (finished(peer.operations) || late) {
                    controls.finish(peer);
                    peer.farewell = UcxPeer.Farewell.FINISHED;
                }
            }
            case FINISHED -> { }
        }
        return peer.farewell == UcxPeer.Farewell.FINISHED && peer.controlEnded;
    }

    /** Sends the goodbye marker on both lanes, then flushes them. */
    private void sayGoodbye(UcxPeer peer) {
        try {
            for (boolean express : new boolean[] {false, true}) {
                worker.send(peer.endpoint(express), Tags.fin(express, mesh.me, peer.control.sendKey), EMPTY);
            }
            start(peer, false);
        } catch (UcxException e) {
            mesh.fail(peer, e);
        }
    }

    /** Starts flushing or closing both endpoints to the peer. */
    private void start(UcxPeer peer, boolean close) {
        for (boolean express : new boolean[] {false, true}) {
            long endpoint = peer.endpoint(express);
            peer.operations.add(close ? worker.close(endpoint, force) : worker.flush(endpoint));
        }
    }

    private boolean finished(List<Long> operations) {
        for (Iterator<Long> it = operations.iterator(); it.hasNext(); ) {
            if (worker.finished(it.next())) {
                it.remove();
            }
        }
        return operations.isEmpty();
    }
}
