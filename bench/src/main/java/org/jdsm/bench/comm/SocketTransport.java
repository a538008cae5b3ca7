package org.jdsm.bench.comm;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.ChildJvm;

/**
 * Baseline: plain blocking {@link Socket} ping-pong with a child JVM running {@link SocketEcho};
 * messages are read into one reused array.
 */
final class SocketTransport implements Transport {

    private final ChildJvm child;
    private final Socket socket;
    private final Framing framing;
    private byte[] replyBuffer = new byte[0];

    private SocketTransport(ChildJvm child, Socket socket) throws IOException {
        this.child = child;
        this.socket = socket;
        this.framing = new Framing(socket);
    }

    /** Starts the echoing child and connects to it. */
    static SocketTransport open(Duration startTimeout, long childLifetimeSeconds) throws Exception {
        ChildJvm child = ChildJvm.start("socket-child", PingPongChild.class,
                List.of("socket", Long.toString(childLifetimeSeconds)), Map.of());
        try {
            int port = Integer.parseInt(child.awaitLine("READY", startTimeout));
            return new SocketTransport(child, new Socket(InetAddress.getLoopbackAddress(), port));
        } catch (Exception e) {
            child.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return "socket";
    }

    @Override
    public int pingPong(byte[] message, Budget budget, long[] rtts) throws IOException {
        if (replyBuffer.length < message.length) {
            replyBuffer = new byte[message.length];
        }
        int n = 0;
        long start = System.nanoTime();
        for (long now = start; budget.more(n, start, now); n++) {
            long t0 = System.nanoTime();
            framing.write(message, message.length);
            int length = framing.readLength();
            if (length != message.length) {
                throw new IOException("echo of " + message.length + " bytes came back with " + length);
            }
            framing.readBody(replyBuffer, length);
            now = System.nanoTime();
            rtts[n] = now - t0;
        }
        return n;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
        child.close();
    }
}
