package org.jdsm.protocol.sc;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import org.jdsm.SharedObject;
import org.jdsm.protocol.sc.ScMessages.Invalidate;
import org.jdsm.protocol.sc.ScMessages.ReadGrant;
import org.jdsm.protocol.sc.ScMessages.WriteGrant;

/**
 * The directory entry of one block, kept by its home. The home node's own object is the master
 * copy; it is current whenever no other node owns the block. Requests are served one at a time in
 * arrival order: a write is granted only after every other copy has acknowledged its invalidation,
 * and ownership ends when the owner's write-back arrives, so at any moment there is either one
 * writer or any number of readers holding the same, latest content.
 *
 * <p>Methods never block: a request that cannot be served yet is parked and served by whichever
 * later event (acknowledgement, release, write-back) makes it possible. Requests of the home
 * node's own threads complete a future instead of sending a message.
 */
final class HomeBlock {

    private static final int NONE = -1;

    /** A parked request; {@code local} is set for the home node's own threads. */
    private record Request(int node, boolean write, CompletableFuture<Void> local) {
    }

    private final SharedObject object;
    private final int block;
    private final int home;
    private final Outbox outbox;
    /** Other nodes holding a read copy (the home itself is not listed). */
    private final BitSet copyset = new BitSet();
    private final Queue<Request> queue = new ArrayDeque<>();
    private int owner = NONE;
    /** The home node's own write request while it waits in the queue, else null. */
    private CompletableFuture<Void> localWrite;
    /** Invalidations the write at the head of the queue still waits for. */
    private int awaitedAcks;
    /** The write at the head of the queue comes from a node whose copy is current (no content needed). */
    private boolean headHadCopy;

    HomeBlock(SharedObject object, int block, int home, Outbox outbox) {
        this.object = object;
        this.block = block;
        this.home = home;
        this.outbox = outbox;
    }

    /** True if a thread of the home node may read the master copy now (no other node owns the block). */
    synchronized boolean readable() {
        return owner == NONE || owner == home;
    }

    /** For a thread of the home node: completes once the master copy is current. */
    synchronized CompletableFuture<Void> readLocal() {
        if (readable()) {
            return CompletableFuture.completedFuture(null);
        }
        if (localWrite != null) {
            // Its grant makes the master copy current; queued behind it, the read would wait for the
            // home's own release (acquireAsync, then updateAsync of the block, touched before releasing).
            return localWrite;
        }
        return park(new Request(home, false, new CompletableFuture<>()));
    }

    /** For a thread of the home node: completes once the home node owns the block. */
    synchronized CompletableFuture<Void> writeLocal() {
        localWrite = new CompletableFuture<>();
        return park(new Request(home, true, localWrite));
    }

    /** The home node's own write access ends. */
    synchronized void releaseLocal() {
        expectOwner(home, "release");
        owner = NONE;
        serve();
    }

    synchronized void readRequested(int node) {
        park(new Request(node, false, null));
    }

    synchronized void writeRequested(int node) {
        park(new Request(node, true, null));
    }

    synchronized void invalidationAcknowledged(int node) {
        if (awaitedAcks == 0) {
            throw protocolError("unexpected invalidation acknowledgement from node " + node);
        }
        if (--awaitedAcks == 0) {
            grantWrite(queue.remove());
        }
    }

    /** The owner's release: install its content; it keeps a read copy. */
    synchronized void writtenBack(int node, Object content) {
        expectOwner(node, "write-back");
        object.install(block, content);
        owner = NONE;
        copyset.set(node);
        serve();
    }

    private CompletableFuture<Void> park(Request request) {
        queue.add(request);
        serve();
        return request.local();
    }

    /** Serves queued requests in order until one has to wait for an owner or for acknowledgements. */
    private void serve() {
        while (owner == NONE && awaitedAcks == 0 && !queue.isEmpty()) {
            Request head = queue.peek();
            if (!head.write()) {
                grantRead(queue.remove());
                continue;
            }
            headHadCopy = copyset.get(head.node());
            copyset.clear(head.node());
            for (int n = copyset.nextSetBit(0); n >= 0; n = copyset.nextSetBit(n + 1)) {
                outbox.send(n, new Invalidate(object.key(), block));
                awaitedAcks++;
            }
            copyset.clear();
            if (awaitedAcks == 0) {
                grantWrite(queue.remove());
            }
        }
    }

    private void grantRead(Request r) {
        if (r.local() != null) {
            r.local().complete(null);
        } else {
            copyset.set(r.node());
            outbox.send(r.node(), new ReadGrant(object.key(), block, object.outgoing(block)));
        }
    }

    private void grantWrite(Request r) {
        owner = r.node();
        if (r.local() != null) {
            localWrite = null;
            r.local().complete(null);
        } else {
            outbox.send(r.node(), new WriteGrant(object.key(), block, headHadCopy ? null : object.outgoing(block)));
        }
    }

    private void expectOwner(int node, String what) {
        if (owner != node) {
            throw protocolError(what + " from node " + node + " but the owner is " + (owner == NONE ? "nobody" : "node " + owner));
        }
    }

    private IllegalStateException protocolError(String what) {
        return new IllegalStateException("sc protocol error at the home of block " + block + " of " + object + ": " + what);
    }
}
