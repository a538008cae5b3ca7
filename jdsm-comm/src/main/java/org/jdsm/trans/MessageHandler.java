package org.jdsm.trans;

/**
 * What the layer above Trans (a DSM protocol) implements. Messages from one source node are handled
 * one at a time, in the order that node sent them (bulk and express separately); messages from
 * different nodes may be handled in parallel. Handlers must not block waiting for other messages
 * (that could stall the source's lane): park the work and finish it when the awaited message arrives.
 *
 * <p>Where the callbacks run depends on {@link #nonBlocking()}: on the Comm's I/O threads, or on
 * Trans's worker pool. {@link #peerFailed} and {@link #failed} always run on the worker pool.
 */
public interface MessageHandler {

    /**
     * True if {@link #received}, {@link #requested} and {@link #expressReceived} always return
     * promptly: they never wait for another message, for a future, or for a monitor that some
     * thread holds while it waits for one (short critical sections are fine). Trans then runs them
     * directly on the Comm's I/O thread that delivered the message, which saves two thread
     * hand-offs per message and completes reply futures there too. A handler that breaks the
     * promise stalls every peer served by that I/O thread. The default, false, runs them on the
     * worker pool.
     */
    default boolean nonBlocking() {
        return false;
    }

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
