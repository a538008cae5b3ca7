package org.jdsm.bench.comm;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;

/**
 * The plain-socket baseline's wire format, shared by both ends: TCP_NODELAY, buffered data
 * streams, each message a 4-byte big-endian length followed by the bytes.
 */
final class Framing {

    static final int STREAM_BUFFER = 64 * 1024;

    private final DataInputStream in;
    private final DataOutputStream out;

    Framing(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), STREAM_BUFFER));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), STREAM_BUFFER));
    }

    /** Writes one message (the first {@code length} bytes of {@code buf}) and flushes. */
    void write(byte[] buf, int length) throws IOException {
        out.writeInt(length);
        out.write(buf, 0, length);
        out.flush();
    }

    /** Reads the next message's length (EOFException at end of stream). */
    int readLength() throws IOException {
        int length = in.readInt();
        if (length < 0) {
            throw new IOException("bad frame length " + length);
        }
        return length;
    }

    /** Reads {@code length} message bytes into {@code buf}. */
    void readBody(byte[] buf, int length) throws IOException {
        in.readFully(buf, 0, length);
    }
}
