package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jdsm.DsmException;
import org.jdsm.LockIds;
import org.jdsm.SharedObject;
import org.jdsm.SharedObjectPool;
import org.jdsm.protocol.lrc.Messages.Diff;
import org.jdsm.protocol.lrc.Messages.FetchBatch;
import org.jdsm.protocol.lrc.Messages.FetchRequest;
import org.jdsm.protocol.lrc.Messages.GcQuery;
import org.jdsm.protocol.lrc.Messages.GcTrim;
import org.jdsm.protocol.lrc.Messages.GcWanted;
import org.jdsm.protocol.lrc.Messages.LockForward;
import org.jdsm.protocol.lrc.Messages.LockGrant;
import org.jdsm.protocol.lrc.Messages.LockRequest;
import org.jdsm.runtime.DsmStats;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.events.DiffEvent;
import org.jdsm.trans.Responder;
import org.jdsm.trans.Trans;
import org.jdsm.wire.WireException;

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
 *   <li>Blocks that a node reads after every barrier come pushed: with a repeated fetch the node
 *       subscribes, and the home sends the block at each barrier entry it changed by; the reader
 *       installs the copy at its next access if it covers what it needs, else fetches
 *       ({@link BlockPushes}).</li>
 *   <li>Barriers: dissemination, ceil(log2 N) rounds carrying intervals; afterwards every node has
 *       seen everything, so the interval log is emptied. Lock-only programs trim it through
 *       collection rounds run by node 0 whenever a log grows past {@link #GC_THRESHOLD}.</li>
 * </ul>
 *
 * <p>This class publishes writes (intervals, diffs, write notices) and runs barriers; {@link BlockCopies}
 * fetches blocks and merges diffs at homes, {@link BlockPushes} pushes subscribed blocks,
 * {@link LockTokens} moves lock tokens, and
 * {@link IntervalCollection} trims the interval log.
 */
public final class LazyRelease extends SharedObjectPool {

    /** Interval-log size at which a node asks for a collection round. */
    static final int GC_THRESHOLD = 1024;

    /** Guards {@link #vc}, {@link #log}, {@link #pendingBlocks} and {@link #homePending}; taken before any block monitor. */
    private final Object state = new Object();
    private int[] vc;
    private IntervalLog log;
    /** Blocks homed elsewhere with released writes not yet published, each once (its {@code pending} flag says it is here). */
    private final List<BlockState> pendingBlocks = new ArrayList<>();
    /** Blocks homed here with released writes not yet published. */
    private final HomePending homePending = new HomePending();
    /**
     * The last interval this node published; written at the end of each publication, read by
     * whoever sends a home block's content to another node, which orders the published writes of the
     * home's threads before that read (they take no block monitor).
     */
    private volatile int published;

    /** Why a publication failed part way, if one did; guarded by {@link #state}. See {@link #flushLocked}. */
    private Throwable publicationFailure;

    private final WritingBlocks writingBlocks = new WritingBlocks();

    private final List<BlockState[]> blocks = new ArrayList<>();
    /**
     * Per object, how many of its blocks have no valid copy here: none is the usual case on one
     * node, and at the home between other nodes' writes, where checks then look at no block.
     */
    private final List<AtomicInteger> staleBlocks = new ArrayList<>();
    private BlockCopies copies;
    private BlockPushes pushes;
    private LockTokens tokens;
    private IntervalCollection collection;
    private DisseminationBarrier barrier;
    /** The union of the clocks the nodes entered the last barrier with (see {@link #nodeBarrier}). */
    private int[] knownByAllBefore;

    @Override
    protected void onInit() {
        vc = new int[nodes()];
        log = new IntervalLog(nodes());
        barrier = new DisseminationBarrier(this, myNode(), nodes());
        knownByAllBefore = new int[nodes()];
        pushes = new BlockPushes(this);
        copies = new BlockCopies(this, pushes);
        tokens = new LockTokens(this, myNode());
        collection = new IntervalCollection(this, nodes());
    }

    @Override
    protected void onRegistered(SharedObject so) {
        BlockState[] states = new BlockState[so.blockCount()];
        AtomicInteger stale = new AtomicInteger();
        for (int b = 0; b < states.length; b++) {
            states[b] = new BlockState(so, b, LockIds.block(so.key(), b), myNode(), nodes(), stale);
        }
        blocks.add(states);
        staleBlocks.add(stale);
        homePending.addObject(so, myNode());
        writingBlocks.addObject(states.length);
    }

    private BlockState block(SharedObject so, int b) {
        return blocks.get(so.key())[b];
    }

    BlockState block(long id) {
        return blocks.get(LockIds.keyOf(id))[LockIds.blockOf(id)];
    }

    // ------------------------------------------------------------------ reading

    @Override
    protected void updateBlock(SharedObject so, int b) {
        BlockState st = block(so, b);
        if (!st.valid) {
            copies.makeValid(st);
        }
    }

    @Override
    protected void updateBlocks(SharedObject so, int from, int to) {
        if (staleBlocks.get(so.key()).get() == 0) {
            return;
        }
        BlockState[] states = blocks.get(so.key());
        for (int b = from; b < to; b++) {
            if (!states[b].valid) {
                copies.updateRange(states, b, to); // from the first stale block: the usual range is all valid
                return;
            }
        }
    }

    /** Sends the fetches of the stale blocks at once; no thread waits for them. */
    @Override
    protected CompletableFuture<Boolean> startUpdate(SharedObject so, int from, int to) {
        return copies.startRange(blocks.get(so.key()), from, to);
    }

    /** Publishes this node's pending writes now, e.g. before a refetch would overwrite them. */
    void publishPending() {
        synchronized (state) {
            flushLocked();
        }
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
        releaseBlockRange(so, b, b + 1);
    }

    /** Ends the writes to all blocks under one {@link #state} monitor, then lets their locks go (lock order: lock, then state). */
    @Override
    protected void releaseBlockRange(SharedObject so, int from, int to) {
        BlockState[] states = blocks.get(so.key());
        synchronized (state) {
            for (int b = from; b < to; b++) {
                stopWritingLocked(states[b]);
            }
        }
        for (int b = from; b < to; b++) {
            releaseLock(states[b].id);
        }
    }

    /**
     * Instrumented writes need no exclusive access here: concurrent writers' diffs merge at the home.
     * At the home they need not even be counted: the master copy takes no twin, and once it
     * includes what this thread must see it may be written; the writes join the next interval at
     * {@link #endWriteBlocks}. (A writer count would only let other local threads skip waiting for
     * the home's missing diffs; without it they wait, which is never wrong.)
     */
    @Override
    protected void writeBlock(SharedObject so, int b) {
        if (!homePending.isHomed(so.key(), b)) {
            startWriting(block(so, b), true);
        } else if (staleBlocks.get(so.key()).get() > 0) {
            BlockState st = block(so, b);
            if (!st.valid) {
                copies.makeValid(st);
            }
        }
    }

    /** A thread's synchronization ends its instrumented writes to many blocks: one pass under {@link #state}. */
    @Override
    protected void endWriteBlocks(long[] ids, int count) {
        synchronized (state) {
            for (int i = 0; i < count; i++) {
                // A home block is not counted as a writer (writeBlock), and its BlockState stays untouched.
                if (!homePending.addIfHomed(LockIds.keyOf(ids[i]), LockIds.blockOf(ids[i]))) {
                    stopWritingLocked(block(ids[i]));
                }
            }
        }
    }

    /**
     * Makes the copy current (unless {@code alongside} another local writer, who keeps it as it is)
     * and keeps a twin for the diff. While writers are active a publication diffs against a snapshot.
     */
    private void startWriting(BlockState st, boolean alongside) {
        while (true) {
            if (!st.valid) {
                copies.makeValid(st); // a stale "valid" is caught below, under the block's monitor
            }
            synchronized (st) {
                if (st.computeValid() || alongside && st.writers > 0) {
                    st.startWriter(); // before counting: a twin that cannot be taken must leave no writer
                    if (st.writers++ == 0) {
                        writingBlocks.started(st.object.key(), st.block);
                    }
                    return;
                }
                st.refreshValid(); // so that the next round goes through makeValid
            }
        }
    }

    /** One writer is done (its writes join the next interval), for a caller that holds {@link #state}. */
    private void stopWritingLocked(BlockState st) {
        synchronized (st) {
            if (--st.writers == 0) {
                writingBlocks.stopped(st.object.key(), st.block);
            }
        }
        addPendingLocked(st);
    }

    /** Makes {@code st}'s writes join the next interval. Caller holds {@link #state}, which guards {@code pending}. */
    private void addPendingLocked(BlockState st) {
        if (st.atHome) {
            homePending.add(st.object.key(), st.block);
        } else if (!st.pending) {
            st.pending = true;
            pendingBlocks.add(st);
        }
    }

    /**
     * Publishes every pending write as one new interval: diffs go to the homes, the interval joins
     * the log. Caller holds {@link #state}.
     */
    private void flushLocked() {
        if (publicationFailure != null) {
            throw new DsmException("this node cannot publish its writes: an earlier publication failed: "
                    + publicationFailure, publicationFailure);
        }
        if (pendingBlocks.isEmpty() && homePending.size() == 0) {
            return;
        }
        int seq = ++vc[myNode()];
        long[] ids = new long[pendingBlocks.size() + homePending.size()];
        try {
            for (int k = 0; k < pendingBlocks.size(); k++) {
                BlockState st = pendingBlocks.get(k);
                ids[k] = st.id;
                st.pending = false;
                synchronized (st) {
                    st.needed[myNode()] = seq;
                    st.have[myNode()] = seq;
                    sendDiff(st, seq);
                }
            }
        } catch (RuntimeException | Error e) {
            // Some diffs of interval seq went out and the rest cannot (a value that fails to copy):
            // the interval can never be complete, so later flushes must not publish over it (nor
            // diff again the blocks whose twins are spent) but name this cause.
            publicationFailure = e;
            throw e;
        }
        // At the home the master copy has the writes already (BlockState.OWN_WRITES): only notices.
        homePending.drainTo(ids, pendingBlocks.size());
        for (int k = pendingBlocks.size(); k < ids.length; k++) {
            pushes.changedHere(block(ids[k]));
        }
        pendingBlocks.clear();
        published = seq; // after the loop, before any other node can learn of the interval
        log.add(new Interval(myNode(), seq, ids));
        stats().increment(Counter.INTERVALS);
        askForCollectionIfLarge();
    }

    /** Sends the home what changed since the twin. A block still being written keeps a fresh twin. Caller holds st. */
    private void sendDiff(BlockState st, int seq) {
        DiffEvent work = DiffEvent.begun();
        Object diff;
        int[] base = st.twinBase;
        Object spentTwin = st.twin; // replaced or dropped below; the diff never refers to it
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
        long elements = DiffElements.of(diff);
        work.end(stats(), st.object.key(), st.block, elements, false);
        base[myNode()] = 0; // this writer's own earlier diffs are ordered by FIFO already
        try {
            trans().asend(st.home, new Diff(st.id, myNode(), seq, diff, base));
        } catch (WireException e) {
            // Else the error named Messages$Diff, a class of JDSM's, and not the object written.
            throw new WireException("cannot send the writes to " + st.object + " to its home, node " + st.home + ": "
                    + e.reason(), e);
        }
        recycle(spentTwin);
        stats().increment(Counter.DIFFS_SENT);
        stats().add(Counter.DIFF_ELEMENTS, elements);
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
                    noteWrite(block(id), i.node(), i.seq());
                }
                stats().increment(Counter.NOTICES_RECEIVED);
            }
            VectorClock.merge(vc, senderVc);
            askForCollectionIfLarge();
        }
    }

    /**
     * Makes block {@code st} need interval {@code seq} of {@code node}, which wrote it: a copy without
     * it is no longer valid. A method of its own, called per block of every notice, so that the JIT
     * compiles it soon even in short jobs, where the loop over a barrier's notices runs few times.
     */
    private void noteWrite(BlockState st, int node, int seq) {
        synchronized (st) {
            if (st.needed[node] < seq) {
                st.needed[node] = seq;
                if (st.valid && !st.computeValid()) {
                    stats().increment(Counter.INVALIDATIONS);
                }
                st.refreshValid();
            }
        }
    }

    /** True if the intervals name a block with pending writes that a refetch could overwrite (never one homed here). */
    private boolean touchesPending(List<Interval> intervals) {
        if (pendingBlocks.isEmpty()) {
            return false; // the usual case at a barrier, which published everything first
        }
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

    /** Block locks are managed by the block's home, other locks are spread by hash. */
    int manager(long id) {
        if (LockIds.isBlock(id)) {
            return block(id).home;
        }
        return (int) Math.floorMod(id ^ (id >>> 29), (long) nodes());
    }

    @Override
    protected void acquireLock(long id) {
        tokens.acquire(id);
    }

    @Override
    protected void releaseLock(long id) {
        tokens.release(id);
    }

    /** For a block lock, what this node's copy of the block includes; null if none (or not a block lock). */
    int[] copyHave(long id) {
        if (!LockIds.isBlock(id)) {
            return null;
        }
        BlockState st = block(id);
        int published = published();
        synchronized (st) {
            return st.present && !st.fetching ? st.outgoingHave(published) : null;
        }
    }

    /** What a lock grant carries: the intervals the receiver has not seen, and this node's clock. */
    record Published(List<Interval> news, int[] clock) {
    }

    /** Publishes pending writes (a release point) and returns what a node that knows {@code known} has not seen. */
    Published publishFor(int[] known) {
        synchronized (state) {
            flushLocked();
            return new Published(log.since(known), vc.clone());
        }
    }

    /**
     * Hands {@code send} the copy of block lock {@code id} to send along with its token to {@code next},
     * or null: never to the home (its master copy only moves forward, by diffs), nor when {@code next}'s
     * own copy ({@code nextHave}) is as new. The copy may read the block in place ({@link
     * org.jdsm.SharedObject#outgoingWhileWritten}), so {@code send} runs holding the block and must encode it at once.
     */
    void withCopyFor(long id, int next, int[] nextHave, Consumer<BlockCopy> send) {
        BlockState st = block(id);
        int published = published();
        synchronized (st) {
            int[] have = st.outgoingHave(published);
            if (next != st.home && st.present && !st.fetching
                    && (nextHave == null || !VectorClock.covers(nextHave, have))) {
                // Local writers of other parts of the block (instrumented, or at the home) may be at work.
                send.accept(new BlockCopy(st.object.outgoingWhileWritten(st.block), have));
            } else {
                send.accept(null);
            }
        }
    }

    /** Uses a copy that came with a block lock if it is what this node must see and its own copy is not. */
    void installGranted(long id, BlockCopy copy) {
        BlockState st = block(id);
        synchronized (st) {
            if (!st.atHome && !st.computeValid() && !st.fetching && st.twin == null
                    && VectorClock.covers(copy.have(), st.needed)) {
                if (st.install(copy.content(), copy.have(), true)) { // the lock's holder writes next
                    recycle(copy.content());
                }
                st.wakeWaiters();
            } else {
                recycle(copy.content()); // not wanted: nothing else refers to it
            }
        }
    }

    /** Gives a block content this node decoded and no longer refers to back for the next decode to reuse. */
    void recycle(Object content) {
        trans().wire().recycle(content);
    }

    /** The last interval this node published (see {@link BlockState#outgoingHave}). */
    int published() {
        return published;
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
            if (writingBlocks.any()) {
                addWrittenAcrossLocked();
            }
            flushLocked();
        }
        pushes.pushChanged(); // before the barrier's messages, which a subscriber's exit waits for
        int[] knownByAll = barrier.run();
        synchronized (state) {
            // What every node knew entering the previous barrier: every node has applied it now,
            // since all have entered this one. Not this barrier's union yet: a node still inside it
            // may take a grant from this node before the barrier's notices, and must find them in
            // the grant. Not vc: it may hold intervals a grant brought in during the barrier.
            log.discardUpTo(knownByAllBefore);
            knownByAllBefore = knownByAll;
            collection.shrank(log.size());
        }
        stats().increment(Counter.BARRIERS);
    }

    /**
     * Makes the writes of blocks that local threads hold across a barrier join its interval: those
     * homed here a word at a time (a bit that went stale since only adds a notice), the others one
     * by one under their monitors. Caller holds {@link #state}.
     */
    private void addWrittenAcrossLocked() {
        for (int key = 0; key < blocks.size(); key++) {
            BlockState[] states = blocks.get(key);
            for (int w = 0; w < writingBlocks.words(key); w++) {
                for (long away = homePending.addHomed(key, w, writingBlocks.word(key, w)); away != 0; away &= away - 1) {
                    BlockState st = states[(w << 6) + Long.numberOfTrailingZeros(away)];
                    synchronized (st) {
                        if (st.writers > 0) {
                            addPendingLocked(st);
                        }
                    }
                }
            }
        }
    }

    /** This node's Trans, for the protocol's helpers. */
    Trans transport() {
        return trans();
    }

    /** This node's statistics, for the protocol's helpers. */
    DsmStats statistics() {
        return stats();
    }

    /** {@link #await(Object, BooleanSupplier)} for the protocol's helpers. */
    void awaitMonitor(Object monitor, BooleanSupplier done) {
        await(monitor, done);
    }

    /** {@link #await(Future)} for the protocol's helpers. */
    <T> T awaitReply(Future<T> reply) {
        return await(reply);
    }

    /**
     * Intervals this node knows that some node may not have applied yet (for a barrier message).
     * Those up to {@link #knownByAllBefore} every node has; the log keeps them one barrier longer
     * only for lock grants.
     */
    List<Interval> knownIntervals() {
        synchronized (state) {
            return new ArrayList<>(log.since(knownByAllBefore));
        }
    }

    private void askForCollectionIfLarge() {
        collection.askIfLarge(log.size());
    }

    private void trim(int[] seenByAll) {
        int left;
        synchronized (state) {
            log.discardUpTo(seenByAll);
            left = log.size();
        }
        collection.trimmed(left);
    }

    /** Messages this node sent to {@code node}, for tests that count protocol traffic. */
    long trafficTo(int node) {
        return trans().traffic().sentMessages(node);
    }

    /** Collection rounds this node started (node 0 runs them), for tests. */
    int collectionRounds() {
        return collection.rounds();
    }

    /** True if another node waits for lock {@code id} behind this one, for tests that make a release publish. */
    boolean queuedBehind(long id) {
        return tokens.queuedBehind(id);
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
            copies.applyDiff(d);
        } else if (message instanceof LockRequest r) {
            tokens.managerReceived(r);
        } else if (message instanceof LockForward f) {
            tokens.forwarded(f);
        } else if (message instanceof LockGrant g) {
            tokens.granted(g);
        } else if (message instanceof Messages.BarrierMessage b) {
            barrier.received(b);
        } else if (message instanceof Messages.Push p) {
            pushes.received(p);
        } else if (message instanceof Messages.Unsubscribe u) {
            pushes.unsubscribe(u, fromNode);
        } else if (message instanceof GcWanted) {
            collection.run();
        } else if (message instanceof GcTrim t) {
            trim(t.seenByAll());
        } else {
            throw new IllegalArgumentException("unexpected message " + message.getClass().getName() + " from node " + fromNode);
        }
    }

    @Override
    public void requested(int fromNode, Object request, Responder responder) {
        if (request instanceof FetchRequest f) {
            copies.serveFetch(fromNode, f, responder);
        } else if (request instanceof FetchBatch b) {
            copies.serveBatch(fromNode, b, responder);
        } else if (request instanceof GcQuery) {
            responder.reply(clock());
        } else {
            responder.fail("unexpected request " + request.getClass().getName());
        }
    }
}
