package org.jdsm.protocol.lrc;

import java.util.BitSet;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jdsm.protocol.lrc.Messages.Push;
import org.jdsm.protocol.lrc.Messages.Unsubscribe;

/**
 * Pushes blocks that a node reads after every barrier (a stencil's border rows, a shared vector)
 * from their home, so that the read finds them here instead of fetching them: one message at
 * barrier entry instead of a request and a reply after the barrier, with the reader waiting.
 *
 * <p>A node that fetches a block again one or two barriers after its last fetch subscribes with
 * that fetch. From then on the home, entering a barrier, sends each subscriber the blocks that
 * changed since it last entered one (its own writes or diffs it merged). The subscriber parks the copy; its next
 * access installs it if it includes what the node must see by then, exactly as a fetch reply
 * would be installed, and otherwise fetches as before. A push is only a shortcut: nothing waits
 * for one, and a copy that is too old is never installed. A subscriber that gets a push while the
 * previous one still waits unused unsubscribes.
 */
final class BlockPushes {

    private final LazyRelease protocol;
    /** At the home: changed blocks with subscribers, each once (its {@code pushQueued} flag says it is here). */
    private final Queue<BlockState> queued = new ConcurrentLinkedQueue<>();
    /** Barriers this node has entered. */
    private volatile int epoch;

    BlockPushes(LazyRelease protocol) {
        this.protocol = protocol;
    }

    // ---------------------------------------------------------------- at the reader

    /**
     * A fetch of {@code st} starts: true if it should subscribe, the block having been fetched one
     * or two barriers ago too (a phase may end with two barriers). Caller holds st.
     */
    boolean subscribeWithFetch(BlockState st) {
        int now = epoch;
        boolean again = st.fetchedInEpoch >= 0 && now - st.fetchedInEpoch >= 1 && now - st.fetchedInEpoch <= 2;
        st.fetchedInEpoch = now;
        return again;
    }

    /** A push arrived: parked for the next access; if the previous one went unused, the home stops pushing. */
    void received(Push push) {
        BlockState st = protocol.block(push.block());
        boolean unused;
        synchronized (st) {
            if (st.atHome) {
                return; // never pushed to the home; ignore rather than trust a confused sender
            }
            unused = st.pushed != null;
            if (unused) {
                protocol.recycle(st.pushed);
            }
            st.pushed = push.content();
            st.pushedHave = push.have();
        }
        if (unused) {
            protocol.transport().asend(st.home, new Unsubscribe(st.id));
        }
    }

    /**
     * Installs the parked push if it includes what this node must see and is not older than the
     * copy, as a fetch reply would be; true if the copy is valid now. Caller holds st, whose copy no
     * local thread writes or fetches (no twin, no writers, no fetch in flight).
     */
    boolean installParked(BlockState st) {
        Object content = st.pushed;
        if (content == null || !VectorClock.covers(st.pushedHave, st.needed)
                || !VectorClock.covers(st.pushedHave, st.have)) {
            return false; // kept: the next push finds it unused and unsubscribes
        }
        int[] have = st.pushedHave;
        st.pushed = null;
        st.pushedHave = null;
        if (st.install(content, have, false)) {
            protocol.recycle(content);
        }
        return true;
    }

    // ---------------------------------------------------------------- at the home

    /** {@code node} asked, with a fetch, to be pushed {@code st}. Caller holds st. */
    void subscribe(BlockState st, int node) {
        if (st.subscribers == null) {
            st.subscribers = new BitSet();
        }
        st.subscribers.set(node);
    }

    /** {@code node} no longer wants {@code st} pushed. */
    void unsubscribe(Unsubscribe message, int node) {
        BlockState st = protocol.block(message.block());
        synchronized (st) {
            if (st.subscribers != null) {
                st.subscribers.clear(node);
            }
        }
    }

    /** The master copy of {@code st} changed: queued for the next barrier entry if someone subscribed. Caller holds st. */
    void changed(BlockState st) {
        if (!st.pushQueued && st.subscribers != null && !st.subscribers.isEmpty()) {
            st.pushQueued = true;
            queued.add(st);
        }
    }

    /** As {@link #changed}, for a caller that does not hold st (the home's own writes, as an interval closes). */
    void changedHere(BlockState st) {
        if (st.subscribers == null) {
            return; // read without the monitor: a block nobody ever subscribed to, the usual case
        }
        synchronized (st) {
            changed(st);
        }
    }

    /**
     * This node enters a barrier, its writes published: sends every queued block to its
     * subscribers, one snapshot each, with what it includes (read before the content, see
     * {@link BlockState#outgoingHave}).
     */
    void pushChanged() {
        epoch++;
        for (BlockState st = queued.poll(); st != null; st = queued.poll()) {
            int published = protocol.published();
            synchronized (st) {
                st.pushQueued = false;
                if (st.subscribers.isEmpty()) {
                    continue;
                }
                int[] have = st.outgoingHave(published);
                Object content = st.object.snapshot(st.block);
                for (int node = st.subscribers.nextSetBit(0); node >= 0; node = st.subscribers.nextSetBit(node + 1)) {
                    protocol.transport().asend(node, new Push(st.id, content, have));
                }
            }
        }
    }
}
