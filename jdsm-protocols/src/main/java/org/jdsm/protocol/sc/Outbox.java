package org.jdsm.protocol.sc;

/** One-way sends to other nodes (Trans in production); lets the protocol's parts stay free of Trans. */
@FunctionalInterface
interface Outbox {

    void send(int node, Object message);
}
