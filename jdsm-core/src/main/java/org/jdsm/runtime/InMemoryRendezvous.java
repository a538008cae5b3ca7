package org.jdsm.runtime;

import java.util.Arrays;
import java.util.List;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Rendezvous;

/** Address exchange among nodes that live in one JVM. */
final class InMemoryRendezvous implements Rendezvous {

    private final NodeAddress[] addresses;
    private int known;

    InMemoryRendezvous(int nodes) {
        addresses = new NodeAddress[nodes];
    }

    @Override
    public synchronized List<NodeAddress> exchange(int myNode, NodeAddress mine) {
        addresses[myNode] = mine;
        known++;
        notifyAll();
        long deadline = System.currentTimeMillis() + 30_000;
        while (known < addresses.length) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new CommException("node " + myNode + ": not every node published its address within 30 s");
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CommException("interrupted during address exchange", e);
            }
        }
        return Arrays.asList(addresses.clone());
    }
}
