package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
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

    IntervalCollection(LazyRelease protocol, int nodes) {
        this.protocol = protocol;
        this.nodes = nodes;
    }

    /** Asks node 0 for a round if the log has {@code logSize} intervals and this node has not asked yet. */
    void askIfLarge(int logSize) {
        if (logSize > LazyRelease.GC_THRESHOLD && asked.compareAndSet(false, true)) {
            protocol.transport().asend(0, new GcWanted());
        }
    }

    /** On node 0: learn every node's clock, then tell all to drop what everybody has seen. */
    void run() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
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

    /** Node 0's verdict arrived and the log was trimmed: this node may ask again. */
    void trimmed() {
        asked.set(false);
    }
}
