package org.jdsm.runtime;

/** Messages of the node runtime itself (not of the protocol); {@link NodeRouter} sends them to the runtime. */
sealed interface ControlMessage permits ControlMessage.Arrive, ControlMessage.Abort, ControlMessage.StartDone,
        ControlMessage.Stopping {

    /** A node reached job phase {@code phase}; node 0 answers every node once all arrived. */
    record Arrive(String phase, Object payload) implements ControlMessage {
    }

    /** Node {@code node} failed; every node stops its job. */
    record Abort(int node, String reason) implements ControlMessage {
    }

    /**
     * Every thread of node {@code node} has returned from {@code start()}, after {@code barriers}
     * barriers: a node waiting in a later barrier waits in vain.
     */
    record StartDone(int node, long barriers) implements ControlMessage {
    }

    /**
     * Node {@code node} leaves a failed job (one-way, sent just before it closes its Comm): it will
     * answer no more Aborts, so a failing node must not wait for its answer.
     */
    record Stopping(int node) implements ControlMessage {
    }
}
