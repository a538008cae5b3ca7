package org.jdsm.protocol.sc;

import java.util.ArrayList;
import java.util.List;

/**
 * The coordinator of a centralized barrier, run by node 0: collects one arrival per node and then
 * releases them all. A node cannot arrive at the next barrier before it has been released from
 * this one, so arrivals need no epoch.
 */
final class CentralBarrier {

    private final int nodes;
    private final List<Runnable> arrived = new ArrayList<>();

    CentralBarrier(int nodes) {
        this.nodes = nodes;
    }

    /** One node arrived; {@code release} runs once all have. */
    synchronized void arrive(Runnable release) {
        arrived.add(release);
        if (arrived.size() == nodes) {
            List<Runnable> all = List.copyOf(arrived);
            arrived.clear();
            all.forEach(Runnable::run);
        }
    }
}
