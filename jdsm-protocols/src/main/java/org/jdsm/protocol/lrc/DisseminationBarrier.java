package org.jdsm.protocol.lrc;

import java.util.HashMap;
import java.util.Map;
import org.jdsm.protocol.lrc.Messages.BarrierMessage;

/**
 * Dissemination barrier (Hensgen, Finkel and Manber): in round k node i sends to i + 2^k and waits
 * for i - 2^k, so after ceil(log2 N) rounds every node has heard, directly or not, from all. Each
 * message carries the sender's intervals and clock, so all nodes leave knowing the same history.
 */
final class DisseminationBarrier {

    private final LazyRelease protocol;
    private final int myNode;
    private final int nodes;
    private final int rounds;
    private final Map<Long, BarrierMessage> inbox = new HashMap<>();
    private int epoch;

    DisseminationBarrier(LazyRelease protocol, int myNode, int nodes) {
        this.protocol = protocol;
        this.myNode = myNode;
        this.nodes = nodes;
        this.rounds = 32 - Integer.numberOfLeadingZeros(nodes - 1);
    }

    /**
     * Runs one barrier; called by one thread per node. Returns the clock every node knows all of
     * once it has left: the union of the clocks the nodes entered with. Not this node's clock when
     * it leaves, which may include intervals a lock grant brought in during the barrier (an
     * {@code acquireAsync}) that the other nodes have not learned.
     */
    int[] run() {
        epoch++;
        int[] entered = protocol.clock();
        for (int k = 0; k < rounds; k++) {
            int partner = (myNode + (1 << k)) % nodes;
            protocol.transport().asend(partner, new BarrierMessage(epoch, k, protocol.knownIntervals(), protocol.clock(), entered.clone()));
            BarrierMessage in = take(epoch, k);
            protocol.applyIntervals(in.intervals(), in.vc());
            VectorClock.merge(entered, in.entered());
        }
        return entered;
    }

    private static long key(int epoch, int round) {
        return ((long) epoch << 8) | round;
    }

    void received(BarrierMessage m) {
        synchronized (inbox) {
            inbox.put(key(m.epoch(), m.round()), m);
            inbox.notifyAll();
        }
    }

    private BarrierMessage take(int e, int round) {
        long key = key(e, round);
        synchronized (inbox) {
            protocol.awaitMonitor(inbox, () -> inbox.containsKey(key));
            return inbox.remove(key);
        }
    }

    /** Message rounds per barrier: ceil(log2 N). */
    int rounds() {
        return rounds;
    }
}
