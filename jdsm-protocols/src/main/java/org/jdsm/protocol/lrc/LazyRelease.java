package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdsm.LockIds;
import org.jdsm.SharedObject;
import org.jdsm.SharedObjectPool;
import org.jdsm.protocol.lrc.Messages.Diff;
import org.jdsm.protocol.lrc.Messages.FetchReply;
import org.jdsm.protocol.lrc.Messages.FetchRequest;
import org.jdsm.protocol.lrc.Messages.GcQuery;
import org.jdsm.protocol.lrc.Messages.GcTrim;
import org.jdsm.protocol.lrc.Messages.GcWanted;
import org.jdsm.protocol.lrc.Messages.LockForward;
import org.jdsm.protocol.lrc.Messages.LockGrant;
import org.jdsm.protocol.lrc.Messages.LockRequest;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.trans.Responder;

/**
 * Home-based lazy release consistency with write-invalidate and multiple writers (HLRC).
 *
 * <ul>
 *   <li>Every block has a home holding the master copy. A non-home writer keeps a twin from its first
 *       write after the last publication; when it publishes, it sends the home an element-precise
 *       diff, so concurrent writers of disjoint elements merge.</li>
 *   <li>Writes are published lazily: released writes wait in the pending set until this node hands
 *       a lock token to another node or enters a barrier. Publication closes an interval
 *       {@code (node, seq)} whose write notices name the blocks it changed.</li>
 *   <li>Vector clocks say which intervals a node has seen. A lock grant carries the intervals the
 *       acquirer has not seen; the acquirer raises {@code needed} for the named blocks, which makes
 *       stale copies invalid; the next access fetches from the home, which answers only once it
 *       has applied the needed diffs.</li>
 *   <li>Locks: a manager per lock forwards each request to the previous requester (distributed FIFO
 *       queue); a released token stays cached until someone else asks. Block write locks
 *       ({@code acquire}/{@code release}) are ordinary locks managed by the block's home.</li>
 *   <li>Barriers: dissemination, ceil(log2 N) rounds carrying intervals; afterwards every node has
 *       seen everything, so the interval log is emptied. Lock-only programs trim it through
 *       collection rounds run by node 0 whenever a log grows past {@link #GC_THRESHOLD}.</li>
 * </ul>
 */
public final class LazyRelease extends SharedObjectPool {

    /** Interval-log size at which a node asks for a collection round. */
    static final int GC_THRESHOLD = 1024;

    /** Guards {@link #vc}, {@link #log} and {@link #pendingBlocks}; taken before any block monitor. */
    private final Object state = new Object();
    private int[] vc;
    private IntervalLog log;
    private final Set<BlockState> pendingBlocks = new LinkedHashSet<>();
    /** How many blocks local threads are writing now; a barrier looks for them only when there are any. */
    private final java.util.concurrent.atomic.AtomicInteger writingBlocks = new java.util.concurrent.atomic.AtomicInteger();

    private final List<BlockState[]> blocks = new ArrayList<>();
    private final ConcurrentHashMap<Long, LockState> locks = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Integer> lockTails = new ConcurrentHashMap<>();
    private final AtomicBoolean gcAsked = new AtomicBoolean();
    private final AtomicBoolean gcRunning = new AtomicBoolean();
    private DisseminationBarrier barrier;

    @Override
    protected void onInit() {
        vc = new int[nodes()];
        log = new IntervalLog(nodes());
        barrier = new DisseminationBarrier(this, myNode(), nodes());
    }

    @Override
    protected void onRegistered(SharedObject so) {
        BlockState[] states = new BlockState[so.blockCount()];
        for (int b = 0; b < states.length; b++) {
            states[b] = new BlockState(so, b, LockIds.block(so.key(), b), myNode(), nodes());
        }
        blocks.add(states);
    }

    private BlockState block(SharedObject so, int b) {
        return blocks.get(so.key())[b];
    }

    private BlockState block(long id) {
        return blocks.get(LockIds.keyOf(id))[LockIds.blockOf(id)];
    }

    // ------------------------------------------------------------------ reading

    @Override
    protected void updateBlock(SharedObject so, int b) {
        BlockState st = block(so, b);
        if (!st.valid) {
            makeValid(st);
        }
    }

    /** Brings the local copy up to what this node must see: waits for diffs at the home, fetches elsewhere. */
    private void makeValid(BlockState st) {
        while (true) {
            int[] need;
            boolean mustPublish;
            synchronized (st) {
                if (st.computeValid() || st.writers > 0) {
                    st.refreshValid();
                    return;
                }
                if (st.home == myNode()) {
                    await(st, st::computeValid);
                    st.refreshValid();
                    return;
                }
                if (st.fetching) {
                    await(st, () -> !st.fetching);
                    continue;
                }
                // Local writes not yet diffed (the copy went stale while they were in progress) must
                // leave before the fetched copy overwrites them.
                mustPublish = st.twin != null;
                st.fetching = !mustPublish;
                need = st.needed.clone();
            }
            if (mustPublish) {
                synchronized (state) {
                    flushLocked();
                }
                continue;
            }
            FetchReply reply = null;
            try {
                reply = (FetchReply) await(trans().request(st.home, new FetchRequest(st.id, need)));
            } finally {
                fetched(st, reply);
            }
        }
    }

    /**
     * Ends a fetch: installs the reply (null if it failed) and clears the in-flight flag in one step,
     * so a thread waiting for this fetch cannot start another whose reply lands on later writes.
     */
    private void fetched(BlockState st, FetchReply reply) {
        synchronized (st) {
            if (reply != null) {
                st.object.install(st.block, reply.content());
                st.have = reply.have();
                st.present = true;
                st.refreshValid();
                stats().increment(Counter.FETCHES);
            }
            st.fetching = false;
            st.notifyAll();
        }
    }

    /** A range: every missing block is requested first, then all replies awaited (one round trip, not one per block). */
    @Override
    protected void updateBlocks(SharedObject so, int from, int to) {
        List<BlockState> started = new ArrayList<>();
        List<java.util.concurrent.CompletableFuture<Object>> replies = new ArrayList<>();
        for (int b = from; b < to; b++) {
            BlockState st = block(so, b);
            if (st.valid || st.home == myNode()) {
                continue;
            }
            synchronized (st) {
                if (!st.computeValid() && st.writers == 0 && !st.fetching && st.twin == null) {
                    st.fetching = true;
                    started.add(st);
                    replies.add(trans().request(st.home, new FetchRequest(st.id, st.needed.clone())));
                }
            }
        }
        for (int i = 0; i < started.size(); i++) {
            FetchReply reply = null;
            try {
                reply = (FetchReply) await(replies.get(i));
            } finally {
                fetched(started.get(i), reply);
                if (reply == null) {
                    started.subList(i + 1, started.size()).forEach(st -> fetched(st, null));
                }
            }
        }
        for (int b = from; b < to; b++) {
            updateBlock(so, b); // whatever is still stale (raced with a notice, home waits, writers)
        }
    }

    /** At the home: answer a fetch once the master copy includes what the requester needs. */
    private void serveFetch(FetchRequest request, Responder responder) {
        BlockState st = block(request.block());
        synchronized (st) {
            if (VectorClock.covers(st.have, request.needed())) {
                reply(st, responder);
            } else {
                st.parked.add(new BlockState.ParkedFetch(request.needed(), responder));
            }
        }
    }

    private void reply(BlockState st, Responder responder) {
        responder.reply(new FetchReply(st.object.snapshot(st.block), st.have.clone()));
    }

    /**
     * At the home: merge a writer's diff into the master copy once the diffs it was based on are in,
     * then any parked diffs that this unblocks, and serve the fetches that are now satisfied.
     */
    private void applyDiff(Diff d) {
        BlockState st = block(d.block());
        synchronized (st) {
            st.parkedDiffs.add(d);
            boolean progress = true;
            while (progress) {
                progress = st.parkedDiffs.removeIf(p -> {
                    if (!VectorClock.covers(st.have, p.base())) {
                        return false;
                    }
                    if (p.diff() != null) {
                        st.object.applyDiff(st.block, p.diff());
                    }
                    st.have[p.node()] = Math.max(st.have[p.node()], p.seq());
                    stats().increment(Counter.DIFFS_APPLIED);
                    return true;
                });
            }
            homeAdvanced(st);
        }
    }

    /** The master copy gained intervals: wake local readers, answer parked fetches. Caller holds st. */
    private void homeAdvanced(BlockState st) {
        st.refreshValid();
        st.notifyAll();
        st.parked.removeIf(p -> {
            if (VectorClock.covers(st.have, p.needed())) {
                reply(st, p.responder());
                return true;
            }
            return false;
        });
    }

    // ------------------------------------------------------------------ writing

    @Override
    protected void acquireBlock(SharedObject so, int b) {
        BlockState st = block(so, b);
        acquireLock(st.id);
        try {
            startWriting(st, false);
        } catch (RuntimeException e) {
            releaseLock(st.id);
            throw e;
        }
    }

    @Override
    protected void releaseBlock(SharedObject so, int b) {
        stopWriting(block(so, b));
        releaseLock(block(so, b).id);
    }

    /** Instrumented writes need no exclusive access here: concurrent writers' diffs merge at the home. */
    @Override
    protected void writeBlock(SharedObject so, int b) {
        startWriting(block(so, b), true);
    }

    @Override
    protected void endWriteBlock(SharedObject so, int b) {
        stopWriting(block(so, b));
    }

    /**
     * Makes the copy current (unless {@code alongside} another local writer, who keeps it as it is)
     * and keeps a twin for the diff. While writers are active a publication diffs against a snapshot.
     */
    private void startWriting(BlockState st, boolean alongside) {
        while (true) {
            makeValid(st);
            synchronized (st) {
                if (st.computeValid() || alongside && st.writers > 0) {
                    if (st.writers++ == 0) {
                        writingBlocks.incrementAndGet();
                    }
                    if (st.home != myNode() && st.twin == null) {
                        st.twin = st.object.snapshot(st.block);
                        st.twinBase = st.have.clone();
                    }
                    return;
                }
            }
        }
    }

    /** One writer is done: its writes join the next interval. */
    private void stopWriting(BlockState st) {
        synchronized (state) {
            synchronized (st) {
                if (--st.writers == 0) {
                    writingBlocks.decrementAndGet();
                }
                st.pending = true;
            }
            pendingBlocks.add(st);
        }
    }

    /**
     * Publishes every pending write as one new interval: diffs go to the homes, the interval joins
     * the log. Caller holds {@link #state}.
     */
    private void flushLocked() {
        if (pendingBlocks.isEmpty()) {
            return;
        }
        int seq = ++vc[myNode()];
        long[] ids = new long[pendingBlocks.size()];
        int k = 0;
        for (BlockState st : pendingBlocks) {
            ids[k++] = st.id;
            synchronized (st) {
                st.pending = false;
                st.needed[myNode()] = seq;
                st.have[myNode()] = seq;
                if (st.home == myNode()) {
                    homeAdvanced(st);
                } else {
                    sendDiff(st, seq);
                }
            }
        }
        pendingBlocks.clear();
        log.add(new Interval(myNode(), seq, ids));
        stats().increment(Counter.INTERVALS);
        askForCollectionIfLarge();
    }

    /** Sends the home what changed since the twin. A block still being written keeps a fresh twin. Caller holds st. */
    private void sendDiff(BlockState st, int seq) {
        Object diff;
        int[] base = st.twinBase;
        if (st.writers > 0) {
            // Diff against a snapshot so writes racing with us land either in this diff or the next.
            Object snapshot = st.object.snapshot(st.block);
            diff = st.object.diffSnapshots(st.block, snapshot, st.twin);
            st.twin = snapshot;
            st.twinBase = st.have.clone();
        } else {
            diff = st.object.diff(st.block, st.twin);
            st.twin = null;
            st.twinBase = null;
        }
        base[myNode()] = 0; // this writer's own earlier diffs are ordered by FIFO already
        trans().asend(st.home, new Diff(st.id, myNode(), seq, diff, base));
        stats().increment(Counter.DIFFS_SENT);
        if (diff instanceof org.jdsm.content.ArrayDiff changes) {
            stats().add(Counter.DIFF_ELEMENTS, changes.changedElements());
        }
    }

    /**
     * Takes in intervals learned from a lock grant or barrier: raises {@code needed} for every block
     * they wrote (invalidating stale copies) after publishing local writes those blocks still hold.
     */
    void applyIntervals(List<Interval> intervals, int[] senderVc) {
        synchronized (state) {
            if (touchesPending(intervals)) {
                flushLocked(); // never let a refetch overwrite this node's unpublished writes
            }
            for (Interval i : intervals) {
                if (i.seq() <= vc[i.node()]) {
                    continue;
                }
                log.add(i);
                for (long id : i.blocks()) {
                    BlockState st = block(id);
                    synchronized (st) {
                        if (st.needed[i.node()] < i.seq()) {
                            st.needed[i.node()] = i.seq();
                            if (st.valid && !st.computeValid()) {
                                stats().increment(Counter.INVALIDATIONS);
                            }
                            st.refreshValid();
                        }
                    }
                }
                stats().increment(Counter.NOTICES_RECEIVED);
            }
            VectorClock.merge(vc, senderVc);
            askForCollectionIfLarge();
        }
    }

    private boolean touchesPending(List<Interval> intervals) {
        for (Interval i : intervals) {
            if (i.seq() > vc[i.node()]) {
                for (long id : i.blocks()) {
                    if (block(id).pending) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ locks

    private LockState lock(long id) {
        return locks.computeIfAbsent(id, k -> new LockState(k, manager(k) == myNode()));
    }

    /** Block locks are managed by the block's home, other locks are spread by hash. */
    int manager(long id) {
        if (LockIds.isBlock(id)) {
            return block(id).home;
        }
        return (int) Math.floorMod(id ^ (id >>> 29), (long) nodes());
    }

    @Override
    protected void acquireLock(long id) {
        LockState ls = lock(id);
        stats().increment(Counter.LOCK_ACQUIRES);
        synchronized (ls) {
            if (ls.token && !ls.held) {
                ls.held = true; // cached: no message
                return;
            }
            long start = System.nanoTime();
            ls.requested = true;
            LockRequest request = new LockRequest(id, myNode(), clock(), copyHave(id));
            if (manager(id) == myNode()) {
                managerReceived(request); // skip the trip through Comm to ourselves
            } else {
                trans().asend(manager(id), request);
            }
            await(ls, () -> !ls.requested);
            stats().increment(Counter.LOCK_REMOTE_ACQUIRES);
            stats().add(Counter.LOCK_WAIT_NANOS, System.nanoTime() - start);
        }
    }

    @Override
    protected void releaseLock(long id) {
        LockState ls = lock(id);
        synchronized (ls) {
            ls.held = false;
            if (ls.next >= 0) {
                handOver(ls);
            }
        }
    }

    /** For a block lock, what this node's copy of the block includes; null if none (or not a block lock). */
    private int[] copyHave(long id) {
        if (!LockIds.isBlock(id)) {
            return null;
        }
        BlockState st = block(id);
        synchronized (st) {
            return st.present && !st.fetching ? st.have.clone() : null;
        }
    }

    /** Gives the token to the waiting node with everything it has not seen. Caller holds ls. */
    private void handOver(LockState ls) {
        List<Interval> news;
        int[] clock;
        synchronized (state) {
            flushLocked();
            news = log.since(ls.nextVc);
            clock = vc.clone();
        }
        Object content = null;
        int[] contentHave = null;
        if (LockIds.isBlock(ls.id)) {
            BlockState st = block(ls.id);
            synchronized (st) {
                // Never to the home: its master copy only moves forward, by diffs.
                if (ls.next != st.home && st.present && !st.fetching
                        && (ls.nextHave == null || !VectorClock.covers(ls.nextHave, st.have))) {
                    content = st.object.snapshot(st.block);
                    contentHave = st.have.clone();
                }
            }
        }
        trans().asend(ls.next, new LockGrant(ls.id, new ArrayList<>(news), clock, content, contentHave));
        ls.token = false;
        ls.next = -1;
        ls.nextVc = null;
        ls.nextHave = null;
    }

    /** At the manager: queue the requester behind the previous one. */
    private void managerReceived(LockRequest r) {
        Integer previous = lockTails.put(r.lock(), r.requester());
        int prev = previous == null ? myNode() : previous;
        LockForward forward = new LockForward(r.lock(), r.requester(), r.vc(), r.copyHave());
        if (prev == myNode()) {
            forwarded(forward);
        } else {
            trans().asend(prev, forward);
        }
    }

    /** At the previous requester: hand over now if idle, else after this node's turn. */
    private void forwarded(LockForward f) {
        LockState ls = lock(f.lock());
        synchronized (ls) {
            ls.next = f.requester();
            ls.nextVc = f.vc();
            ls.nextHave = f.copyHave();
            if (ls.token && !ls.held) {
                handOver(ls);
            }
        }
    }

    private void granted(LockGrant g) {
        applyIntervals(g.intervals(), g.vc());
        if (g.content() != null) {
            installGranted(block(g.lock()), g.content(), g.contentHave());
        }
        LockState ls = lock(g.lock());
        synchronized (ls) {
            ls.token = true;
            ls.held = true; // reserved for the local thread that asked; a forward cannot take it first
            ls.requested = false;
            ls.notifyAll();
        }
    }

    /** Uses a copy that came with a block lock if it is what this node must see and its own copy is not. */
    private void installGranted(BlockState st, Object content, int[] contentHave) {
        synchronized (st) {
            if (st.home != myNode() && !st.computeValid() && !st.fetching && st.twin == null
                    && VectorClock.covers(contentHave, st.needed)) {
                st.object.install(st.block, content);
                st.have = contentHave;
                st.present = true;
                st.refreshValid();
                st.notifyAll();
            }
        }
    }

    int[] clock() {
        synchronized (state) {
            return vc.clone();
        }
    }

    // ------------------------------------------------------------------ barrier and collection

    @Override
    protected void nodeBarrier() {
        synchronized (state) {
            // A barrier publishes everything, including writes to blocks still held across it.
            if (writingBlocks.get() > 0) {
                for (BlockState[] states : blocks) {
                    for (BlockState st : states) {
                        synchronized (st) {
                            if (st.writers > 0) {
                                st.pending = true;
                                pendingBlocks.add(st);
                            }
                        }
                    }
                }
            }
            flushLocked();
        }
        barrier.run();
        synchronized (state) {
            log.discardUpTo(vc); // every node now knows every interval
        }
        stats().increment(Counter.BARRIERS);
    }

    void sendBarrier(int node, Messages.BarrierMessage message) {
        trans().asend(node, message);
    }

    /** {@link #await(Object, java.util.function.BooleanSupplier)} for the barrier's inbox. */
    void awaitMonitor(Object monitor, java.util.function.BooleanSupplier done) {
        await(monitor, done);
    }

    /** Intervals this node knows (for a barrier message). */
    List<Interval> knownIntervals() {
        synchronized (state) {
            return new ArrayList<>(log.since(new int[nodes()]));
        }
    }

    private void askForCollectionIfLarge() {
        if (log.size() > GC_THRESHOLD && gcAsked.compareAndSet(false, true)) {
            trans().asend(0, new GcWanted());
        }
    }

    /** On node 0: learn every node's clock, then tell all to drop what everybody has seen. */
    private void runCollection() {
        if (!gcRunning.compareAndSet(false, true)) {
            return;
        }
        List<java.util.concurrent.CompletableFuture<Object>> replies = new ArrayList<>();
        for (int n = 0; n < nodes(); n++) {
            replies.add(trans().request(n, new GcQuery()));
        }
        java.util.concurrent.CompletableFuture.allOf(replies.toArray(new java.util.concurrent.CompletableFuture[0]))
                .whenComplete((v, error) -> {
                    gcRunning.set(false);
                    if (error != null) {
                        return; // a node is gone; the job is ending anyway
                    }
                    int[] seenByAll = ((int[]) replies.get(0).join()).clone();
                    for (var r : replies) {
                        VectorClock.meet(seenByAll, (int[]) r.join());
                    }
                    for (int n = 0; n < nodes(); n++) {
                        trans().asend(n, new GcTrim(seenByAll));
                    }
                });
    }

    private void trim(int[] seenByAll) {
        synchronized (state) {
            log.discardUpTo(seenByAll);
        }
        gcAsked.set(false);
    }

    /** Messages this node sent to {@code node}, for tests that count protocol traffic. */
    long trafficTo(int node) {
        return trans().traffic().sentMessages(node);
    }

    /** Interval-log size, for tests of bounded memory. */
    int logSize() {
        synchronized (state) {
            return log.size();
        }
    }

    // ------------------------------------------------------------------ messages

    /** Handlers only take short-held monitors and park what must wait (fetches, diffs, lock requests). */
    @Override
    public boolean nonBlocking() {
        return true;
    }

    @Override
    public void received(int fromNode, Object message) {
        if (message instanceof Diff d) {
            applyDiff(d);
        } else if (message instanceof LockRequest r) {
            managerReceived(r);
        } else if (message instanceof LockForward f) {
            forwarded(f);
        } else if (message instanceof LockGrant g) {
            granted(g);
        } else if (message instanceof Messages.BarrierMessage b) {
            barrier.received(b);
        } else if (message instanceof GcWanted) {
            runCollection();
        } else if (message instanceof GcTrim t) {
            trim(t.seenByAll());
        } else {
            throw new IllegalArgumentException("unexpected message " + message.getClass().getName() + " from node " + fromNode);
        }
    }

    @Override
    public void requested(int fromNode, Object request, Responder responder) {
        if (request instanceof FetchRequest f) {
            serveFetch(f, responder);
        } else if (request instanceof GcQuery) {
            responder.reply(clock());
        } else {
            responder.fail("unexpected request " + request.getClass().getName());
        }
    }
}
