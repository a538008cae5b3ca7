package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jdsm.LockIds;
import org.jdsm.protocol.lrc.Messages.LockForward;
import org.jdsm.protocol.lrc.Messages.LockGrant;
import org.jdsm.protocol.lrc.Messages.LockRequest;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.events.LockWaitEvent;

/**
 * The lock side of {@link LazyRelease}: a manager per lock forwards each request to the previous
 * requester (a distributed FIFO queue), and a released token stays cached here until someone else
 * asks. Handing a token over publishes this node's writes and carries the intervals the new holder
 * has not seen (and, for a block lock, possibly the block itself). Lock order: a {@link LockState},
 * then the protocol's state, then a block.
 */
final class LockTokens {

    private final LazyRelease protocol;
    private final int myNode;
    /** Locks other than block locks (those live in their {@link BlockState}), made on first use. */
    private final ConcurrentHashMap<Long, LockState> locks = new ConcurrentHashMap<>();
    private final Function<Long, LockState> newLock;

    LockTokens(LazyRelease protocol, int myNode) {
        this.protocol = protocol;
        this.myNode = myNode;
        this.newLock = k -> new LockState(k, protocol.manager(k) == myNode);
    }

    private LockState lock(long id) {
        return LockIds.isBlock(id) ? protocol.block(id).lock : locks.computeIfAbsent(id, newLock);
    }

    /** Takes lock {@code id} for this node: at once if the token is cached here, else through the manager. */
    void acquire(long id) {
        LockState ls = lock(id);
        protocol.statistics().increment(Counter.LOCK_ACQUIRES);
        synchronized (ls) {
            if (ls.token && !ls.held) {
                ls.held = true; // cached: no message
                return;
            }
            LockWaitEvent wait = LockWaitEvent.begun();
            ls.requested = true;
            LockRequest request = new LockRequest(id, myNode, protocol.clock(), protocol.copyHave(id));
            int manager = protocol.manager(id);
            if (manager == myNode) {
                managerReceived(request); // skip the trip through Comm to ourselves
            } else {
                protocol.transport().asend(manager, request);
            }
            protocol.awaitMonitor(ls, () -> !ls.requested);
            protocol.statistics().increment(Counter.LOCK_REMOTE_ACQUIRES);
            wait.end(protocol.statistics(), id, true);
        }
    }

    /** Releases lock {@code id}; the token goes on at once if another node is queued behind this one. */
    void release(long id) {
        LockState ls = lock(id);
        synchronized (ls) {
            ls.held = false;
            if (ls.next >= 0) {
                handOver(ls);
            }
        }
    }

    /** Gives the token to the waiting node with everything it has not seen. Caller holds ls. */
    private void handOver(LockState ls) {
        LazyRelease.Published published = protocol.publishFor(ls.nextVc);
        Consumer<BlockCopy> grant = copy -> protocol.transport().asend(ls.next, new LockGrant(ls.id,
                new ArrayList<>(published.news()), published.clock(),
                copy == null ? null : copy.content(), copy == null ? null : copy.have()));
        if (LockIds.isBlock(ls.id)) {
            protocol.withCopyFor(ls.id, ls.next, ls.nextHave, grant);
        } else {
            grant.accept(null);
        }
        ls.token = false;
        ls.next = -1;
        ls.nextVc = null;
        ls.nextHave = null;
    }

    /** True if another node is queued to take lock {@code id} from this node: its release hands the token on at once. */
    boolean queuedBehind(long id) {
        LockState ls = lock(id);
        synchronized (ls) {
            return ls.next >= 0;
        }
    }

    /** At the manager: queue the requester behind the previous one. */
    void managerReceived(LockRequest r) {
        int previous = lock(r.lock()).tail.getAndSet(r.requester());
        int prev = previous < 0 ? myNode : previous;
        LockForward forward = new LockForward(r.lock(), r.requester(), r.vc(), r.copyHave());
        if (prev == myNode) {
            forwarded(forward);
        } else {
            protocol.transport().asend(prev, forward);
        }
    }

    /** At the previous requester: hand over now if idle, else after this node's turn. */
    void forwarded(LockForward f) {
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

    /** The token arrived: take in what it carries, then let the waiting local thread go. */
    void granted(LockGrant g) {
        protocol.applyIntervals(g.intervals(), g.vc());
        if (g.content() != null) {
            protocol.installGranted(g.lock(), new BlockCopy(g.content(), g.contentHave()));
        }
        LockState ls = lock(g.lock());
        synchronized (ls) {
            ls.token = true;
            ls.held = true; // reserved for the local thread that asked; a forward cannot take it first
            ls.requested = false;
            ls.notifyAll();
        }
    }
}
