package org.jdsm.comm.netty;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.net.BlockingHandshake;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;

/** A hand-driven connection to a NettyComm node, speaking (or breaking) its wire protocol. */
final class RawPeer implements AutoCloseable {

    final Socket socket;
    final DataInputStream in;
    final DataOutputStream out;

    private RawPeer(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = new DataOutputStream(socket.getOutputStream());
    }

    static RawPeer connect(NodeAddress node) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(node.host(), node.port()), 5_000);
        socket.setSoTimeout(5_000);
        return new RawPeer(socket);
    }

    /** Connects and authenticates as {@code rank} on {@code lane}; throws if the node refuses. */
    static RawPeer lane(NodeAddress node, byte[] secret, String job, Lane lane, int rank, int nodeRank) throws IOException {
        RawPeer peer = connect(node);
        try {
            BlockingHandshake.dial(new Handshake(secret, job).dialer(lane.purpose, rank, nodeRank), peer.in, peer.out);
            return peer;
        } catch (IOException | RuntimeException e) {
            peer.close();
            throw e;
        }
    }

    /** "host:port" of this end, as the node sees it. */
    String localAddress() {
        return socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    void send(byte type, byte[] payload) throws IOException {
        Frames.write(out, type, payload);
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    Frame read(int limit) throws IOException {
        return Frames.read(in, limit);
    }

    /** True if the node closes (or resets) the connection within {@code timeout}, reading and dropping anything it sends. */
    boolean closedByNode(Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
        byte[] sink = new byte[4096];
        try {
            while (in.read(sink) >= 0) {
                // keep reading until the end of the stream
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (EOFException | SocketException e) {
            return true;
        }
    }

    /** Closes with a TCP reset instead of an orderly FIN, like a crashed process. */
    void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
