package org.jdsm.protocol.sc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import org.jdsm.SharedObject;
import org.jdsm.SharedObjectPool;
import org.jdsm.protocol.sc.ScMessages.BarrierArrive;
import org.jdsm.protocol.sc.ScMessages.Invalidate;
import org.jdsm.protocol.sc.ScMessages.InvalidateAck;
import org.jdsm.protocol.sc.ScMessages.LockRelease;
import org.jdsm.protocol.sc.ScMessages.LockRequest;
import org.jdsm.protocol.sc.ScMessages.ReadGrant;
import org.jdsm.protocol.sc.ScMessages.ReadRequest;
import org.jdsm.protocol.sc.ScMessages.WriteBack;
import org.jdsm.protocol.sc.ScMessages.WriteGrant;
import org.jdsm.protocol.sc.ScMessages.WriteRequest;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.events.FetchEvent;
import org.jdsm.runtime.events.LockWaitEvent;
import org.jdsm.trans.Responder;

/**
 * Sequential consistency: single writer, multiple readers per block, a directory at each block's
 * home, write-invalidate. Meant to be obviously right, so it serves as the correctness oracle for
 * the other protocols.
 *
 * <ul>
 *   <li>{@code update}: a node without a current copy asks the home, which adds it to the
 *       block's copyset and sends the content (after the current owner, if any, has written back).</li>
 *   <li>{@code acquire}: the home invalidates every other copy and waits for all acknowledgements
 *       before it grants ownership with the latest content; requests queue FIFO at the home.</li>
 *   <li>{@code release}: the owner writes the block back to the home at once (no ownership is kept
 *       after release, so the home never has to recall it) and keeps a read copy.</li>
 *   <li>Locks and barriers order threads but move no data: every write already reached its home
 *       before anyone else could read or write the block again.</li>
 * </ul>
 * Locks have a manager node each (hash of the id mod nodes) with a FIFO queue; the barrier is
 * centralized at node 0. A node's own blocks and locks are served without messages.
 *
 * <p>Because there is a single writer, {@code update} of a block waits while a thread of another
 * node holds it through {@code acquire} (the home's threads too, when the holder is elsewhere): a
 * thread that holds a block must not wait for readers of that block on other nodes (in a barrier,
 * say) before it releases it. A thread of the holder's own node reads that node's copy at once: a
 * data-race-free program reads no element the holder is writing, and the others are current. Instrumented writes
 * ({@code writeCheck}) also hold their blocks exclusively until the thread's next synchronization;
 * every wait for a block goes through {@link #awaitBlock}, which lets such a thread give up blocks
 * ordered after the one it waits for, so plain code never deadlocks on the order it writes in.
 */
public final class SequentialConsistency extends SharedObjectPool {

    // Written during init(), read by message handlers: copy-on-write publishes them safely.
    private final List<HomeBlock[]> homes = new CopyOnWriteArrayList<>();
    private final List<CachedBlock[]> copies = new CopyOnWriteArrayList<>();
    private final LockManager lockManager = new LockManager();
    private CentralBarrier barrier;

    @Override
    protected void onInit() {
        barrier = new CentralBarrier(nodes());
    }

    /** Every block gets a directory entry at its home and a cached copy everywhere else. */
    @Override
    protected void onRegistered(SharedObject so) {
        HomeBlock[] h = new HomeBlock[so.blockCount()];
        CachedBlock[] c = new CachedBlock[so.blockCount()];
        for (int b = 0; b < h.length; b++) {
            if (so.home(b) == myNode()) {
                h[b] = new HomeBlock(so, b, myNode(), this::send);
            } else {
                c[b] = new CachedBlock(so, b, this::send, stats());
            }
        }
        homes.add(h);
        copies.add(c);
    }

    private void send(int node, Object message) {
        trans().asend(node, message);
    }

    private HomeBlock home(int key, int block) {
        return homes.get(key)[block];
    }

    private CachedBlock copy(int key, int block) {
        return copies.get(key)[block];
    }

    // ------------------------------------------------------------------ blocks

    @Override
    protected void updateBlock(SharedObject so, int b) {
        if (readable(so, b)) {
            return;
        }
        // Timed from before the request: its reply may come before this thread looks at the future.
        FetchEvent wait = FetchEvent.begun();
        awaitBlock(so, b, read(so, b));
        wait.end(stats(), so.key(), b, so.home(b));
    }

    /**
     * Asks for every block of the range that is not readable here at once, then waits for each:
     * their round trips overlap instead of adding up (a whole-object {@code update} of thousands of
     * remote blocks took a round trip per block).
     */
    @Override
    protected void updateBlocks(SharedObject so, int from, int to) {
        List<Integer> asked = new ArrayList<>();
        List<CompletableFuture<Void>> reads = new ArrayList<>();
        for (int b = from; b < to; b++) {
            if (!readable(so, b)) {
                asked.add(b);
                reads.add(read(so, b));
            }
        }
        for (int i = 0; i < asked.size(); i++) {
            int b = asked.get(i);
            FetchEvent wait = FetchEvent.begun(); // the waits one after the other, so that their times add up to the thread's
            awaitBlock(so, b, reads.get(i));
            wait.end(stats(), so.key(), b, so.home(b));
        }
    }

    /** True if this node may read its copy of block {@code b} now: the home's master copy, or a current read copy. */
    private boolean readable(SharedObject so, int b) {
        HomeBlock h = home(so.key(), b);
        return h != null ? h.readable() : copy(so.key(), b).current();
    }

    /** Asks for every block that is not readable now, at once; no thread waits for the grants. */
    @Override
    protected CompletableFuture<Boolean> startUpdate(SharedObject so, int from, int to) {
        CompletableFuture<?>[] reads = new CompletableFuture<?>[to - from];
        for (int b = from; b < to; b++) {
            reads[b - from] = read(so, b);
        }
        return CompletableFuture.allOf(reads).thenApply(v -> true);
    }

    /** Completes once block {@code b} is readable here: the home's own copy, or a read copy asked of the home. */
    private CompletableFuture<Void> read(SharedObject so, int b) {
        HomeBlock h = home(so.key(), b);
        return h != null ? h.readLocal() : copy(so.key(), b).read();
    }

    /** A fetch wait unless the home's own thread gets the block at once; a copy elsewhere always asks the home. */
    @Override
    protected void acquireBlock(SharedObject so, int b) {
        HomeBlock h = home(so.key(), b);
        FetchEvent wait = h == null ? FetchEvent.begun() : null;
        CompletableFuture<Void> owned = h != null ? h.writeLocal() : copy(so.key(), b).write();
        if (wait == null && !owned.isDone()) {
            wait = FetchEvent.begun();
        }
        awaitBlock(so, b, owned);
        if (wait != null) {
            wait.end(stats(), so.key(), b, so.home(b));
        }
    }

    @Override
    protected void releaseBlock(SharedObject so, int b) {
        HomeBlock h = home(so.key(), b);
        if (h != null) {
            h.releaseLocal();
        } else {
            copy(so.key(), b).release();
        }
    }

    // ------------------------------------------------------------------ locks and barrier

    private int managerOf(long lock) {
        return Math.floorMod(Long.hashCode(lock), nodes());
    }

    @Override
    protected void acquireLock(long id) {
        LockWaitEvent wait = LockWaitEvent.begun();
        stats().increment(Counter.LOCK_ACQUIRES);
        int manager = managerOf(id);
        boolean remote = manager != myNode();
        Future<?> granted;
        if (!remote) {
            CompletableFuture<Void> local = new CompletableFuture<>();
            lockManager.acquire(id, myNode(), () -> local.complete(null));
            granted = local;
        } else {
            stats().increment(Counter.LOCK_REMOTE_ACQUIRES);
            granted = trans().request(manager, new LockRequest(id));
        }
        await(granted);
        wait.end(stats(), id, remote);
    }

    @Override
    protected void releaseLock(long id) {
        int manager = managerOf(id);
        if (manager == myNode()) {
            lockManager.release(id, myNode());
        } else {
            send(manager, new LockRelease(id));
        }
    }

    @Override
    protected void nodeBarrier() {
        stats().increment(Counter.BARRIERS);
        if (myNode() == 0) {
            CompletableFuture<Void> released = new CompletableFuture<>();
            barrier.arrive(() -> released.complete(null));
            await(released);
        } else {
            await(trans().request(0, new BarrierArrive()));
        }
    }

    // ------------------------------------------------------------------ messages (never block)

    @Override
    public boolean nonBlocking() {
        return true;
    }

    @Override
    public void received(int from, Object message) {
        if (message instanceof ReadRequest m) {
            home(m.key(), m.block()).readRequested(from);
        } else if (message instanceof WriteRequest m) {
            home(m.key(), m.block()).writeRequested(from);
        } else if (message instanceof InvalidateAck m) {
            home(m.key(), m.block()).invalidationAcknowledged(from);
        } else if (message instanceof WriteBack m) {
            home(m.key(), m.block()).writtenBack(from, m.content());
            spent(m.key(), m.content());
        } else if (message instanceof ReadGrant m) {
            copy(m.key(), m.block()).readGranted(m.content());
            spent(m.key(), m.content());
        } else if (message instanceof WriteGrant m) {
            copy(m.key(), m.block()).writeGranted(m.content());
            spent(m.key(), m.content());
        } else if (message instanceof Invalidate m) {
            copy(m.key(), m.block()).invalidate();
        } else if (message instanceof LockRelease m) {
            lockManager.release(m.lock(), from);
        } else {
            throw new IllegalArgumentException("sc: unexpected message " + message + " from node " + from);
        }
    }

    /** A received block content that was copied into the object is referred to by nothing now: its array serves the next decode. */
    private void spent(int key, Object content) {
        if (sharedObject(key).installKeepsContentPrivate()) {
            trans().wire().recycle(content);
        }
    }

    @Override
    public void requested(int from, Object request, Responder responder) {
        if (request instanceof LockRequest m) {
            lockManager.acquire(m.lock(), from, () -> responder.reply(Boolean.TRUE));
        } else if (request instanceof BarrierArrive) {
            barrier.arrive(() -> responder.reply(Boolean.TRUE));
        } else {
            responder.fail("sc: unexpected request " + request);
        }
    }
}
