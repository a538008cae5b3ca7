package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jdsm.SharedObject;

/**
 * This node's view of one block. {@code needed[m]} is the newest interval of node m that wrote the
 * block and that this node must see; {@code have[m]} what the local copy includes. The copy is
 * valid when it is present and {@code have} covers {@code needed}. At the home, {@code have} counts
 * the diffs applied to the master copy, and fetches wait there until it covers what they need.
 * The home's own entry is {@link #OWN_WRITES}: its threads write the master copy in place, so
 * publishing them touches no block (see {@link #outgoingHave}). Guarded by its own monitor.
 */
final class BlockState {

    final SharedObject object;
    final int block;
    final long id;
    final int home;
    /** This node is the block's home. */
    final boolean atHome;
    final int[] needed;
    int[] have;
    /** A copy exists here (always at the home; elsewhere after the first fetch). */
    boolean present;
    /** A fetch for this block is in flight (one at a time). */
    boolean fetching;
    /** Local threads writing the block now: through its write lock, or instrumented writes until their next release point. */
    int writers;
    /** Contents at the first write since the last diff (non-home only). */
    Object twin;
    /** What the copy included when {@link #twin} was taken: the base of the next diff. */
    int[] twinBase;
    /**
     * The content that came with this block's write lock, while the block is unchanged since: the
     * twin of the writer about to start, with no snapshot. Dropped when a writer starts.
     */
    Object installed;
    /**
     * Released writes not yet published in an interval (away from the home; see {@link HomePending});
     * guarded by the protocol's state monitor, not this one.
     */
    boolean pending;
    /** Fetches waiting at the home for diffs that have not arrived yet; null if none (the usual case, checked per block and interval). */
    List<ParkedFetch> parked;
    /** At the home: the nodes it pushes the block to at each barrier it changed by (null: none yet; {@link BlockPushes}). */
    BitSet subscribers;
    /** At the home: changed since the last barrier entry and queued to be pushed there. */
    boolean pushQueued;
    /** Away from the home: a copy the home pushed, kept until an access finds it new enough (null: none). */
    Object pushed;
    /** What {@link #pushed} includes. */
    int[] pushedHave;
    /** Away from the home: the barrier epoch of this node's last fetch of the block (-1: never). */
    int fetchedInEpoch = -1;
    /** Local threads waiting on this block's monitor: only they need a {@code notifyAll} (a call into the VM). */
    int waiters;
    /** Diffs waiting at the home for the diffs they were based on. */
    final List<Messages.Diff> parkedDiffs = new ArrayList<>(0);
    /** Fast-path flag for readers, kept equal to {@link #computeValid()}. */
    volatile boolean valid;
    private final AtomicInteger staleOfObject;
    /** The block's write lock (managed by the home), kept here so that taking it needs no lookup. */
    final LockState lock;

    /**
     * The home's entry for itself in {@link #have}: the master copy includes every write of the
     * home's threads as soon as it is made, so nothing waits for it.
     */
    static final int OWN_WRITES = Integer.MAX_VALUE;

    /** A fetch waiting at the home until the master copy covers {@code needed}; {@code answer} runs holding the block's monitor. */
    record ParkedFetch(int[] needed, Consumer<BlockState> answer) {
    }

    /**
     * {@code staleOfObject} counts the object's blocks whose copy here is not valid; this block
     * keeps it in step with {@link #valid}.
     */
    BlockState(SharedObject object, int block, long id, int myNode, int nodes, AtomicInteger staleOfObject) {
        this.object = object;
        this.staleOfObject = staleOfObject;
        this.block = block;
        this.id = id;
        this.home = object.home(block);
        this.atHome = home == myNode;
        this.needed = new int[nodes];
        this.have = new int[nodes];
        if (atHome) {
            have[home] = OWN_WRITES;
        }
        this.present = atHome;
        this.valid = present;
        if (!valid) {
            staleOfObject.incrementAndGet();
        }
        this.lock = new LockState(id, atHome);
    }

    /**
     * Overwrites the copy with {@code content}, which includes {@code contentHave}, and keeps the
     * content as the next twin if {@code forWriter} (a writer starts right away, so it is not kept
     * long) and the object allows it. Returns true if the content is spent: copied in and not kept,
     * so the caller may recycle it. Caller holds this.
     */
    boolean install(Object content, int[] contentHave, boolean forWriter) {
        object.install(block, content);
        have = contentHave;
        present = true;
        boolean keep = forWriter && object.installKeepsContentPrivate();
        installed = keep ? content : null;
        refreshValid();
        return !keep && object.installKeepsContentPrivate();
    }

    /**
     * Brings a copy that local threads are still writing up to {@code content} (the master's, which
     * includes {@code contentHave}, at least as new as the copy) without losing their writes:
     * {@link SharedObject#mergeUnder} takes only what the master changed since the twin, and its
     * result becomes the twin, so the next diff holds the local writes alone. Returns the spent twin.
     * Caller holds this.
     */
    Object mergeUnder(Object content, int[] contentHave) {
        Object spent = twin;
        twin = object.mergeUnder(block, content, twin);
        VectorClock.merge(twinBase, contentHave); // the local writes now come after what the content includes
        have = contentHave;
        installed = null;
        refreshValid();
        return spent;
    }

    /**
     * What the copy includes, for another node: at the home its own entry becomes {@code published},
     * the last interval this node has published. The caller reads {@code published} (a volatile
     * written at the end of each publication) before it reads the content, which orders the
     * published writes before that read. Caller holds this.
     */
    int[] outgoingHave(int published) {
        int[] out = have.clone();
        if (atHome) {
            out[home] = published;
        }
        return out;
    }

    /** A writer starts: keeps a twin unless one is kept already (non-home only). Caller holds this. */
    void startWriter() {
        if (!atHome && twin == null) {
            twin = installed != null ? installed : object.snapshot(block);
            twinBase = have.clone();
        }
        installed = null; // the block may change from now on
    }

    /** Wakes the local threads waiting on this block, if any. Caller holds this. */
    void wakeWaiters() {
        if (waiters > 0) {
            notifyAll();
        }
    }

    boolean computeValid() {
        return present && VectorClock.covers(have, needed);
    }

    void refreshValid() {
        boolean now = computeValid();
        if (now != valid) {
            valid = now;
            staleOfObject.addAndGet(now ? -1 : 1); // after valid: a reader that sees no stale block sees the copy
        }
    }
}
