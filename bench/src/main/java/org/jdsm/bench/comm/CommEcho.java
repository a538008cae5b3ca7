package org.jdsm.bench.comm;

import org.jdsm.comm.Comm;
import org.jdsm.comm.Dispatcher;

/**
 * The echoing node: sends every bulk message straight back from the I/O callback (the Comm
 * contract allows sending from dispatcher callbacks; ownership of the array passes to us, so it
 * is returned without a copy).
 */
final class CommEcho implements Dispatcher {

    private final Comm comm;
    private final Runnable onPeerFailed;

    CommEcho(Comm comm, Runnable onPeerFailed) {
        this.comm = comm;
        this.onPeerFailed = onPeerFailed;
    }

    @Override
    public void received(int fromNode, byte[] message) {
        comm.asend(fromNode, message);
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        comm.expressSend(fromNode, message);
    }

    @Override
    public void peerFailed(int node, Throwable cause) {
        onPeerFailed.run();
    }
}
