package org.jdsm.protocol.sc;

/** One-way sends to other nodes (Trans in production); lets the protocol's parts stay free of Trans. */
@FunctionalInterface
interface Outbox {

    /** Sends {@code message}, encoded before this returns (block content in it may be read in place). */
    void send(int node, Object message);
}
