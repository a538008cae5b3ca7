package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jdsm.content.ArrayDiff;
import org.jdsm.protocol.lrc.FetchSender.Claim;
import org.jdsm.protocol.lrc.Messages.Diff;
import org.jdsm.protocol.lrc.Messages.FetchBatch;
import org.jdsm.protocol.lrc.Messages.FetchReply;
import org.jdsm.protocol.lrc.Messages.FetchRequest;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.events.DiffEvent;
import org.jdsm.runtime.events.FetchEvent;
import org.jdsm.trans.Responder;

/**
 * The data side of {@link LazyRelease}: keeps this node's block copies as current as it must see
 * them. Away from the home a stale copy is fetched, and the home answers once its master copy
 * includes the intervals the requester needs; at the home, writers' diffs are merged in the order
 * of the copies they were based on, and fetches waiting for them are answered.
 */
final class BlockCopies {

    private final LazyRelease protocol;
    private final FetchSender sender;
    private final BlockPushes pushes;

    BlockCopies(LazyRelease protocol, BlockPushes pushes) {
        this.protocol = protocol;
        this.sender = new FetchSender(protocol.transport());
        this.pushes = pushes;
    }

    /** Brings the local copy up to what this node must see: waits for diffs at the home, fetches elsewhere. */
    void makeValid(BlockState st) {
        while (true) {
            int[] need;
            boolean mustPublish;
            boolean subscribe = false;
            synchronized (st) {
                if (st.computeValid()) {
                    st.refreshValid();
                    return;
                }
                if (st.atHome) {
                    FetchEvent wait = FetchEvent.begun(); // the diffs this node must see are still on their way
                    awaitBlock(st, st::computeValid);
                    waited(st, wait);
                    st.refreshValid();
                    return;
                }
                if (st.fetching) {
                    FetchEvent wait = FetchEvent.begun();
                    awaitBlock(st, () -> !st.fetching);
                    waited(st, wait);
                    continue;
                }
                // Local writes not yet diffed (the copy went stale while they were in progress) must
                // not be lost under the fetched copy: released ones are published first; while
                // writers are at work the fetched copy merges under them (see fetched).
                if (st.twin == null && st.writers == 0 && pushes.installParked(st)) {
                    st.wakeWaiters();
                    return;
                }
                mustPublish = st.twin != null && st.writers == 0;
                st.fetching = !mustPublish;
                need = st.needed.clone();
                if (!mustPublish) {
                    subscribe = pushes.subscribeWithFetch(st);
                }
            }
            if (mustPublish) {
                protocol.publishPending();
                continue;
            }
            FetchEvent wait = FetchEvent.begun();
            FetchReply reply = null;
            try {
                reply = (FetchReply) protocol.awaitReply(protocol.transport().request(st.home, new FetchRequest(st.id, need, subscribe)));
            } finally {
                fetched(st, reply);
            }
            waited(st, wait);
        }
    }

    /** Waits on {@code st}'s monitor (held) until {@code done}, counted in {@link BlockState#waiters}. */
    private void awaitBlock(BlockState st, BooleanSupplier done) {
        st.waiters++;
        try {
            protocol.awaitMonitor(st, done);
        } finally {
            st.waiters--;
        }
    }

    /** A user thread's wait for {@code st} is over: counted and recorded. */
    private void waited(BlockState st, FetchEvent wait) {
        wait.end(protocol.statistics(), st.object.key(), st.block, st.home);
    }

    /**
     * Ends a fetch: installs the reply (null if it failed) and clears the in-flight flag in one step,
     * so a thread waiting for this fetch cannot start another whose reply lands on later writes.
     */
    private void fetched(BlockState st, FetchReply reply) {
        synchronized (st) {
            if (reply != null) {
                if (!VectorClock.covers(reply.have(), st.have)) {
                    // Older than the copy: this node published writes after the fetch left, and the
                    // home answered before their diffs arrived. Taking it would undo them here; the
                    // copy stays stale and the next fetch needs them.
                    protocol.recycle(reply.content());
                } else if (st.twin != null) {
                    // Local writes in progress: take only what the master changed (BlockState#mergeUnder).
                    protocol.recycle(st.mergeUnder(reply.content(), reply.have()));
                } else if (st.install(reply.content(), reply.have(), false)) {
                    // A read: keeping the content would double the memory; its array serves the next decode.
                    protocol.recycle(reply.content());
                }
                protocol.statistics().increment(Counter.FETCHES);
            }
            st.fetching = false;
            st.wakeWaiters();
        }
    }

    /**
     * Blocks {@code [from, to)} of one object: every missing one is requested first, then all replies
     * awaited (one round trip, not one per block; small blocks share messages, see {@link FetchSender}).
     */
    void updateRange(BlockState[] states, int from, int to) {
        List<Claim> claims = claimRange(states, from, to);
        List<CompletableFuture<Object>> replies = sender.send(claims);
        for (int i = 0; i < claims.size(); i++) {
            FetchEvent wait = FetchEvent.begun(); // one after the other, so the waits add up to the wall time
            FetchReply reply = null;
            try {
                reply = (FetchReply) protocol.awaitReply(replies.get(i));
            } finally {
                fetched(claims.get(i).st(), reply);
                if (reply == null) {
                    claims.subList(i + 1, claims.size()).forEach(c -> fetched(c.st(), null));
                }
            }
            waited(claims.get(i).st(), wait);
        }
        for (int b = from; b < to; b++) {
            if (!states[b].valid) {
                makeValid(states[b]); // whatever is still stale (raced with a notice, home waits, writers)
            }
        }
    }

    /** Marks in flight every block of {@code [from, to)} to fetch now (see {@link #claim}). */
    private List<Claim> claimRange(BlockState[] states, int from, int to) {
        List<Claim> claims = new ArrayList<>();
        for (int b = from; b < to; b++) {
            Claim claim = claim(states[b]);
            if (claim != null) {
                claims.add(claim);
            }
        }
        return claims;
    }

    /**
     * Marks in flight the fetch of a stale copy that no local thread is writing or fetching now; the
     * caller must send it and end it with {@link #fetched}. Null if there is nothing to fetch now
     * (current, at the home, already in flight, or local writes must be published first).
     */
    private Claim claim(BlockState st) {
        if (st.valid || st.atHome) {
            return null;
        }
        synchronized (st) {
            if (st.computeValid() || st.writers > 0 || st.fetching || st.twin != null) {
                return null;
            }
            if (pushes.installParked(st)) {
                st.wakeWaiters();
                return null;
            }
            st.fetching = true;
            return new Claim(st, st.needed.clone(), pushes.subscribeWithFetch(st));
        }
    }

    /**
     * Starts the fetches of blocks {@code [from, to)} and returns at once: each reply is installed
     * where it arrives (no thread waits for it), and the future says, once all are in, whether every
     * block of the range is current (false: some needed what only a waiting thread can do).
     */
    CompletableFuture<Boolean> startRange(BlockState[] states, int from, int to) {
        List<Claim> claims = claimRange(states, from, to);
        List<CompletableFuture<Object>> replies = sender.send(claims);
        CompletableFuture<?>[] landed = new CompletableFuture<?>[claims.size()];
        for (int i = 0; i < claims.size(); i++) {
            BlockState st = claims.get(i).st();
            landed[i] = replies.get(i).whenComplete((r, failure) -> fetched(st, (FetchReply) r));
        }
        return CompletableFuture.allOf(landed).thenApply(v -> {
            for (int b = from; b < to; b++) {
                if (!states[b].valid) {
                    return false;
                }
            }
            return true;
        });
    }

    /** At the home: answer a fetch from {@code node} once the master copy includes what the requester needs. */
    void serveFetch(int node, FetchRequest request, Responder responder) {
        serve(node, request, st -> responder.reply(reply(st, false)));
    }

    /**
     * At the home: answer a batch of fetches in one message once every block includes what the
     * requester needs; each block is copied when it is ready, as the reply waits for the others.
     */
    void serveBatch(int node, FetchBatch batch, Responder responder) {
        BatchReply replies = new BatchReply(batch.requests().size(), responder);
        for (int i = 0; i < batch.requests().size(); i++) {
            int slot = i;
            serve(node, batch.requests().get(i), st -> replies.fill(slot, reply(st, true)));
        }
    }

    /**
     * Runs {@code answer} holding the block's monitor once its master copy covers what {@code request}
     * needs; subscribes {@code node} to the block's pushes first if it asks.
     */
    private void serve(int node, FetchRequest request, Consumer<BlockState> answer) {
        BlockState st = protocol.block(request.block());
        synchronized (st) {
            if (request.subscribe()) {
                pushes.subscribe(st, node);
            }
            if (VectorClock.covers(st.have, request.needed())) {
                answer.accept(st);
            } else {
                if (st.parked == null) {
                    st.parked = new ArrayList<>(1);
                }
                st.parked.add(new BlockState.ParkedFetch(request.needed(), answer));
            }
        }
    }

    /**
     * The block's content, a copy or read in place, and what it includes. The home's threads write
     * the master copy without the block's monitor, so content is read as they may change it
     * ({@link org.jdsm.SharedObject#outgoingWhileWritten}).
     */
    private FetchReply reply(BlockState st, boolean copy) {
        int[] have = st.outgoingHave(protocol.published()); // before the content is read (BlockState#outgoingHave)
        return new FetchReply(copy ? st.object.snapshot(st.block) : st.object.outgoingWhileWritten(st.block), have);
    }

    /**
     * At the home: merge a writer's diff into the master copy once the diffs it was based on are in,
     * then any parked diffs that this unblocks, and serve the fetches that are now satisfied.
     */
    void applyDiff(Diff d) {
        BlockState st = protocol.block(d.block());
        synchronized (st) {
            st.parkedDiffs.add(d);
            boolean progress = true;
            while (progress) {
                progress = st.parkedDiffs.removeIf(p -> {
                    if (!VectorClock.covers(st.have, p.base())) {
                        return false;
                    }
                    if (p.diff() != null) {
                        DiffEvent work = DiffEvent.begun();
                        st.object.applyDiff(st.block, p.diff());
                        pushes.changed(st);
                        work.end(protocol.statistics(), st.object.key(), st.block, DiffElements.of(p.diff()), true);
                        if (p.diff() instanceof ArrayDiff applied) {
                            applied.recycleValues(protocol.transport().wire()); // the diff is dropped now
                        }
                    }
                    st.have[p.node()] = Math.max(st.have[p.node()], p.seq());
                    protocol.statistics().increment(Counter.DIFFS_APPLIED);
                    return true;
                });
            }
            homeAdvanced(st);
        }
    }

    /** The master copy gained intervals: wake local readers, answer parked fetches. Caller holds st. */
    private void homeAdvanced(BlockState st) {
        st.refreshValid();
        st.wakeWaiters();
        if (st.parked == null) {
            return; // the usual case: no fetch waits (and no predicate is made)
        }
        st.parked.removeIf(p -> {
            if (VectorClock.covers(st.have, p.needed())) {
                p.answer().accept(st);
                return true;
            }
            return false;
        });
        if (st.parked.isEmpty()) {
            st.parked = null;
        }
    }
}
