package org.jdsm.launch.cluster;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Writes frames ({@code type byte, length int, payload}) to a stream; safe for many threads. */
public final class FrameOutput {

    private final DataOutputStream out;

    /** Frames go to {@code out}, flushed one by one. */
    public FrameOutput(OutputStream out) {
        this.out = new DataOutputStream(new BufferedOutputStream(out, 1 << 16));
    }

    /** Sends one frame and flushes it. */
    public synchronized void send(FrameType type, byte[] payload) throws IOException {
        out.writeByte(type.ordinal());
        out.writeInt(payload.length);
        out.write(payload);
        out.flush();
    }

    /** Sends a frame with an empty payload. */
    public void send(FrameType type) throws IOException {
        send(type, new byte[0]);
    }

    /** Sends {@code frame} unchanged (the manager's relaying). */
    public void send(Frame frame) throws IOException {
        send(frame.type(), frame.payload());
    }

    /** Sends, or returns false when the other side is gone (its reader notices and reports that). */
    public boolean trySend(FrameType type, byte[] payload) {
        try {
            send(type, payload);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Closes the stream: the other side reads end of stream. */
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // Closing a stream whose reader is gone: nothing to tell anyone.
        }
    }
}
