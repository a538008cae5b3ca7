package org.jdsm.bench.comm;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.jdsm.bench.harness.ChildSide;

/** Child side of the socket baseline: accepts one connection on 127.0.0.1 and echoes every message. */
final class SocketEcho {

    private SocketEcho() {
    }

    static void serve() throws IOException {
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            ChildSide.ready(Integer.toString(server.getLocalPort()));
            try (Socket socket = server.accept()) {
                echo(new Framing(socket));
            }
        }
    }

    private static void echo(Framing framing) throws IOException {
        byte[] buf = new byte[64 * 1024];
        while (true) {
            int length;
            try {
                length = framing.readLength();
            } catch (EOFException e) {
                return; // the parent is done
            }
            if (buf.length < length) {
                buf = new byte[length];
            }
            framing.readBody(buf, length);
            framing.write(buf, length);
        }
    }
}
