package org.jdsm.comm.ucx;

import java.util.ArrayDeque;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommException;

/**
 * The receiving side of the progress thread: takes messages out of UCX (express first), checks
 * their tag key and size, and delivers each in its peer's send order. Most receives complete inside
 * the call that starts them, straight into the array they are delivered in (for a
 * BufferDispatcher, the reused lent buffer). One that does not (rendezvous, or eager fragments still
 * arriving) keeps its data in native memory and holds back later messages of its lane, and the
 * peer's goodbye marker, until it completes; those later messages wait in native memory too, as
 * the lent buffer can hold only the message being delivered. Large bulk messages for a
 * DirectDispatcher always take that second path and are delivered in their native buffer.
 */
final class Inbox {

    /** Bounds {@link #discardAll} should a peer keep sending. */
    private static final int DISCARD_LIMIT = 100_000;

    private final UcxWorker worker;
    private final UcxMesh mesh;
    private final int maxFrameBytes;
    private boolean completions;

    Inbox(UcxWorker worker, UcxMesh mesh, int maxFrameBytes) {
        this.worker = worker;
        this.mesh = mesh;
        this.maxFrameBytes = maxFrameBytes;
    }

    /** Progresses UCX (completions go to {@code events}) and takes one message if there is one; returns the work done. */
    int poll(UcxEvents events) {
        long message = worker.poll(events);
        if (message == 0) {
            return (int) worker.polledWork();
        }
        take(message, worker.polledTag(), worker.polledLength());
        return (int) worker.polledWork() + 1;
    }

    /** At the very end of fin: drops what UCX still holds, so the worker is destroyed with nothing unmatched. */
    void discardAll(UcxEvents events) {
        for (int n = 0; n < DISCARD_LIMIT; n++) {
            long message = worker.poll(events);
            if (message == 0) {
                return;
            }
            worker.discard(message);
        }
    }

    private void take(long message, long tag, long length) {
        boolean express = Tags.isExpress(tag);
        UcxPeer peer = mesh.peer(Tags.sender(tag));
        if (peer == null || Tags.key(tag) != peer.control.receiveKey) {
            worker.discard(message);
            UcxMesh.LOG.warning("node " + mesh.me + ": dropped a " + length + "-byte UCX message with tag 0x"
                    + Long.toHexString(tag) + ": not from an authenticated peer");
            return;
        }
        if (peer.state == UcxPeer.State.FAILED) {
            worker.discard(message);
            return;
        }
        if (Tags.isFin(tag)) {
            worker.discard(message);
            if (length != 0) {
                mesh.fail(peer, new CommException("node " + peer.rank + " sent a goodbye marker with data"));
            } else if (peer.inFlight(express).isEmpty()) {
                mesh.finReceived(peer);
            } else {
                peer.inFlight(express).add(UcxPeer.Incoming.FIN);
            }
            return;
        }
        long limit = express ? Comm.EXPRESS_MAX_BYTES : maxFrameBytes;
        if (length > limit) {
            worker.discard(message);
            mesh.fail(peer, new CommException("node " + peer.rank + " sent a frame of " + length
                    + " bytes, over the limit of " + limit));
            return;
        }
        int size = (int) length;
        ArrayDeque<UcxPeer.Incoming> inFlight = peer.inFlight(express);
        boolean direct = mesh.deliversDirect(express, size);
        byte[] into = inFlight.isEmpty() && !direct ? mesh.receiveBuffer(express, size) : null;
        long receive = worker.receive(message, tag, size, into);
        if (receive == 0) {
            mesh.deliver(peer.rank, express, into, size);
        } else { // a direct receive always gets here: it is delivered from its native buffer once reported complete
            inFlight.add(new UcxPeer.Incoming(receive, size, into, direct, false));
        }
    }

    /**
     * A receive has completed (called during worker progress). One the Inbox no longer waits for
     * (its peer failed) keeps its native buffer until the worker is destroyed.
     */
    void completed(long tag, long receive, int status) {
        UcxPeer peer = mesh.peer(Tags.sender(tag)); // not null: take() checked the tag
        for (UcxPeer.Incoming in : peer.inFlight(Tags.isExpress(tag))) {
            if (in.receive == receive) {
                in.done = true;
                in.status = status;
                completions = true;
                return;
            }
        }
    }

    /** Delivers, in order, what completed receives have unblocked; returns how many messages. */
    int deliverCompleted() {
        if (!completions) {
            return 0;
        }
        completions = false;
        int n = 0;
        for (UcxPeer peer : mesh.peers()) {
            n += deliverCompleted(peer, true) + deliverCompleted(peer, false);
        }
        return n;
    }

    private int deliverCompleted(UcxPeer peer, boolean express) {
        int n = 0;
        ArrayDeque<UcxPeer.Incoming> inFlight = peer.inFlight(express);
        while (!inFlight.isEmpty() && inFlight.peek().done) {
            UcxPeer.Incoming in = inFlight.poll();
            if (in == UcxPeer.Incoming.FIN) {
                mesh.finReceived(peer);
                continue;
            }
            if (in.status != UcxNative.OK) {
                worker.copyOut(in.receive, null);
                mesh.fail(peer, new UcxException("receiving from node " + peer.rank + " failed: "
                        + UcxNative.statusText(in.status)));
                return n;
            }
            if (in.direct) {
                try {
                    mesh.deliver(peer.rank, worker.view(in.receive));
                } finally {
                    worker.copyOut(in.receive, null); // frees the native buffer the dispatcher was lent
                }
                n++;
                continue;
            }
            // The lent buffer chosen at the start (if any) is free again: only a delivery borrows it.
            byte[] into = in.into != null ? in.into : mesh.receiveBuffer(express, in.length);
            worker.copyOut(in.receive, into);
            mesh.deliver(peer.rank, express, into, in.length);
            n++;
        }
        return n;
    }
}
