package org.jdsm.trans;

/**
 * What the layer above Trans (a DSM protocol) implements. Trans calls these on its worker pool:
 * messages from one source node are handled one at a time, in the order that node sent them;
 * messages from different nodes are handled in parallel. Handlers must not block waiting for other
 * messages (that could stall the source's lane): park the work and finish it when the awaited
 * message arrives.
 */
public interface MessageHandler {

    /** A one-way message sent with {@link Trans#asend(int, Object)}. */
    void received(int fromNode, Object message);

    /** A request sent with {@link Trans#request}; answer through {@code responder}, now or later. */
    default void requested(int fromNode, Object request, Responder responder) {
        responder.fail("node does not serve requests of type " + request.getClass().getName());
    }

    /** An express message sent with {@link Trans#expressSend}. */
    default void expressReceived(int fromNode, byte[] message) {
    }

    /** {@code node} has failed; pending requests to it have already been failed. */
    default void peerFailed(int node, Throwable cause) {
    }

    /** Handling a message from {@code fromNode} threw {@code error}; this node may now be inconsistent. */
    default void failed(int fromNode, Throwable error) {
    }
}
