package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdsm.protocol.lrc.Messages.GcQuery;
import org.jdsm.protocol.lrc.Messages.GcTrim;
import org.jdsm.protocol.lrc.Messages.GcWanted;

/**
 * Garbage collection of intervals for programs that synchronize by locks only (barriers empty the
 * log anyway): a node whose log grows past {@link LazyRelease#GC_THRESHOLD} asks node 0, which
 * learns every node's clock and tells all to drop the intervals that everybody has seen.
 */
final class IntervalCollection {

    private final LazyRelease protocol;
    private final int nodes;
    private final AtomicBoolean asked = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();
    /** The log size the last trim (or barrier) left: what the other nodes have not all seen yet. */
    private volatile int floor;
    /** Rounds node 0 has started, for tests. */
    private final AtomicInteger rounds = new AtomicInteger();

    IntervalCollection(LazyRelease protocol, int nodes) {
        this.protocol = protocol;
        this.nodes = nodes;
    }

    /**
     * Asks node 0 for a round if the log has {@code logSize} intervals, {@link LazyRelease#GC_THRESHOLD}
     * more than the last trim left, and this node has not asked yet. Not merely past the threshold:
     * while a node lags (has not synchronized for a while) a round can drop little, and asking again
     * at every new interval started a round per interval on every node.
     */
    void askIfLarge(int logSize) {
        if (logSize > floor + LazyRelease.GC_THRESHOLD && asked.compareAndSet(false, true)) {
            protocol.transport().asend(0, new GcWanted());
        }
    }

    /** On node 0: learn every node's clock, then tell all to drop what everybody has seen. */
    void run() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        rounds.incrementAndGet();
        List<CompletableFuture<Object>> replies = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            replies.add(protocol.transport().request(n, new GcQuery()));
        }
        CompletableFuture.allOf(replies.toArray(new CompletableFuture[0])).whenComplete((v, error) -> {
            running.set(false);
            if (error != null) {
                return; // a node is gone; the job is ending anyway
            }
            int[] seenByAll = ((int[]) replies.get(0).join()).clone();
            for (var r : replies) {
                VectorClock.meet(seenByAll, (int[]) r.join());
            }
            for (int n = 0; n < nodes; n++) {
                protocol.transport().asend(n, new GcTrim(seenByAll));
            }
        });
    }

    /** Node 0's verdict arrived and the log was trimmed to {@code logSize}: this node may ask again. */
    void trimmed(int logSize) {
        floor = logSize;
        asked.set(false);
    }

    /** A barrier trimmed the log to {@code logSize}. */
    void shrank(int logSize) {
        floor = Math.min(floor, logSize);
    }

    /** Rounds started here (on node 0), for tests. */
    int rounds() {
        return rounds.get();
    }
}
