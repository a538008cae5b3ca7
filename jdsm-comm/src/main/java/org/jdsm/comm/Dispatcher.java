package org.jdsm.comm;

/**
 * Receives what a {@link Comm} delivers and routes it upwards (to Trans). Callbacks come from the
 * Comm's I/O threads: implementations must return quickly and never block.
 */
public interface Dispatcher {

    /** A bulk message from {@code fromNode}, in that peer's send order. Ownership passes to the callee. */
    void received(int fromNode, byte[] message);

    /** An express message from {@code fromNode}. Ownership passes to the callee. */
    void expressReceived(int fromNode, byte[] message);

    /** {@code node} is gone (connection lost, protocol violation after authentication). Called at most once per peer. */
    void peerFailed(int node, Throwable cause);
}
