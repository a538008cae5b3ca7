package org.jdsm.protocol.sc;

import java.util.concurrent.CompletableFuture;
import org.jdsm.SharedObject;
import org.jdsm.protocol.sc.ScMessages.InvalidateAck;
import org.jdsm.protocol.sc.ScMessages.ReadRequest;
import org.jdsm.protocol.sc.ScMessages.WriteBack;
import org.jdsm.protocol.sc.ScMessages.WriteRequest;
import org.jdsm.runtime.DsmStats;

/**
 * This node's copy of a block homed elsewhere: invalid, a read copy, or owned (exclusive). State
 * changes only in the order the home sent its grants and invalidations (they arrive FIFO from the
 * home and are handled here one at a time), so this node's view never disagrees with the home's
 * directory. Content is installed only while no local thread may write the block: a grant never
 * arrives while this node owns it.
 */
final class CachedBlock {

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final SharedObject object;
    private final int block;
    private final int home;
    private final Outbox outbox;
    private final DsmStats stats;
    private boolean valid;
    private boolean owned;
    /** The outstanding read request, shared by every local thread that wants the block. */
    private CompletableFuture<Void> fetch;
    /** The outstanding write request (local threads are already excluded, so at most one). */
    private CompletableFuture<Void> ownership;

    CachedBlock(SharedObject object, int block, Outbox outbox, DsmStats stats) {
        this.object = object;
        this.block = block;
        this.home = object.home(block);
        this.outbox = outbox;
        this.stats = stats;
    }

    /** True if the copy is current now. */
    synchronized boolean current() {
        return valid;
    }

    /** Completes once the copy has been current (immediately if it is). */
    synchronized CompletableFuture<Void> read() {
        if (valid) {
            return DONE;
        }
        if (ownership != null) {
            // This node's write grant brings the copy current. A read request sent now would wait at
            // the home behind that write until this node releases the block, so a thread that started
            // acquireAsync and then updateAsync of the block would wait for itself touching the update.
            return ownership;
        }
        if (fetch == null) {
            fetch = new CompletableFuture<>();
            outbox.send(home, new ReadRequest(object.key(), block));
        }
        return fetch;
    }

    /** Completes once this node owns the block. */
    synchronized CompletableFuture<Void> write() {
        if (ownership != null || owned) {
            throw protocolError("write access requested twice");
        }
        ownership = new CompletableFuture<>();
        outbox.send(home, new WriteRequest(object.key(), block));
        return ownership;
    }

    /** Ends ownership: the content goes home, this node keeps it as a read copy. */
    synchronized void release() {
        if (!owned) {
            throw protocolError("release without ownership");
        }
        owned = false;
        outbox.send(home, new WriteBack(object.key(), block, object.outgoing(block)));
    }

    synchronized void readGranted(Object content) {
        if (fetch == null || owned) {
            throw protocolError("unexpected read grant");
        }
        object.install(block, content);
        stats.increment(DsmStats.Counter.FETCHES);
        valid = true;
        fetch.complete(null);
        fetch = null;
    }

    synchronized void writeGranted(Object content) {
        if (ownership == null) {
            throw protocolError("unexpected write grant");
        }
        if (content != null) {
            object.install(block, content);
            stats.increment(DsmStats.Counter.FETCHES);
        }
        valid = true;
        owned = true;
        ownership.complete(null);
        ownership = null;
    }

    synchronized void invalidate() {
        if (owned) {
            throw protocolError("invalidation while owned");
        }
        valid = false;
        stats.increment(DsmStats.Counter.INVALIDATIONS);
        outbox.send(home, new InvalidateAck(object.key(), block));
    }

    private IllegalStateException protocolError(String what) {
        return new IllegalStateException("sc protocol error on the cached copy of block " + block + " of " + object + ": " + what);
    }
}
