package org.jdsm.comm;

import java.util.List;

/**
 * How nodes learn each other's listening addresses at start-up: each node binds first, then
 * calls {@link #exchange} with its own address and gets back the address of every node, indexed by
 * rank. Implementations: {@link #fixed} for a known table; the launcher's TCP rendezvous for jobs.
 */
@FunctionalInterface
public interface Rendezvous {

    /** Publishes {@code mine} for {@code myNode} and blocks until every node's address is known. */
    List<NodeAddress> exchange(int myNode, NodeAddress mine) throws CommException;

    /** A rendezvous for addresses known in advance (each node must bind the port listed for it). */
    static Rendezvous fixed(List<NodeAddress> addresses) {
        List<NodeAddress> copy = List.copyOf(addresses);
        return (myNode, mine) -> copy;
    }
}
