package org.jdsm.comm.ucx;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import org.jdsm.comm.CommException;

/**
 * The authenticated TCP connection to one peer, kept after start-up. Once the worker addresses
 * are exchanged it carries nothing but each side's final half-close, which means "I no longer use
 * your worker". Its end before the peer said goodbye (in band, see {@link Farewells}) means the
 * peer died, whatever the UCX transport: UCX 1.13's shared memory cannot detect dead peers.
 * Non-blocking after start-up; only the progress thread uses it.
 */
final class ControlChannel implements AutoCloseable {

    final int peer;
    /** The peer's UCX worker address. */
    final byte[] peerAddress;
    /** The tag key the peer expects in what we send it. */
    final int sendKey;
    /** The tag key we told the peer to use. */
    final int receiveKey;
    final SocketChannel channel;
    private final ByteBuffer sink = ByteBuffer.allocate(1);

    ControlChannel(int peer, SocketChannel channel, byte[] peerAddress, int sendKey, int receiveKey) {
        this.peer = peer;
        this.channel = channel;
        this.peerAddress = peerAddress;
        this.sendKey = sendKey;
        this.receiveKey = receiveKey;
    }

    /**
     * True once the peer has half-closed the channel.
     *
     * @throws CommException if the peer sent anything
     */
    boolean ended() throws IOException {
        int n = channel.read(sink.clear());
        if (n > 0) {
            throw new CommException("node " + peer + " sent data on its UCX control channel, which carries none");
        }
        return n < 0;
    }

    /** Tells the peer we no longer use its worker: it may destroy it. */
    void finish() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
