package org.jdsm.bench.comm;

import java.nio.ByteBuffer;
import org.jdsm.comm.Comm;
import org.jdsm.comm.DirectDispatcher;

/**
 * The echoing node: sends every bulk message straight back from the I/O callback (the Comm
 * contract allows sending from dispatcher callbacks). An array handed over is returned as it is; a
 * lent buffer or lent native memory (as Trans takes messages) goes back through the copying send, so
 * a Comm that lends and copies into its own send buffers echoes without allocating.
 */
final class CommEcho implements DirectDispatcher {

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
    public void received(int fromNode, byte[] buffer, int length) {
        comm.asend(fromNode, buffer, 0, length);
    }

    /** Native memory a Comm lent goes back through the copying ByteBuffer send, before the memory is freed. */
    @Override
    public void received(int fromNode, ByteBuffer message) {
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
