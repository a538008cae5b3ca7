package org.jdsm.bench.comm;

import org.jdsm.bench.harness.Budget;

/** The measuring side of one ping-pong transport; the echoing side is a child JVM or a local node. */
public interface Transport extends AutoCloseable {

    /** Series name in the report: socket, netty, local. */
    String name();

    /**
     * Sends {@code message} and waits for it to come back, again and again within {@code budget};
     * stores each round-trip time (ns) in {@code rtts} and returns how many round trips were made.
     */
    int pingPong(byte[] message, Budget budget, long[] rtts) throws Exception;

    /** Ends the transport and the echoing side (kills the child JVM). Never throws. */
    @Override
    void close();
}
