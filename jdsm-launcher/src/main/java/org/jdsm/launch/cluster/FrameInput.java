package org.jdsm.launch.cluster;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** Reads the frames {@link FrameOutput} writes; for one reader thread. */
public final class FrameInput {

    /** The largest payload accepted: job jars and client files are sent whole. */
    public static final int MAX_PAYLOAD = 1 << 30;

    private final DataInputStream in;

    /** Frames come from {@code in}. */
    public FrameInput(InputStream in) {
        this.in = new DataInputStream(new BufferedInputStream(in, 1 << 16));
    }

    /** The next frame, or null when the stream ended cleanly between frames. */
    public Frame read() throws IOException {
        int type = in.read();
        if (type < 0) {
            return null;
        }
        FrameType[] types = FrameType.values();
        if (type >= types.length) {
            throw new IOException("not a JDSM frame (type " + type + "): is something else writing to this stream?");
        }
        int length = in.readInt();
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new IOException("bad frame length " + length + " for " + types[type]);
        }
        byte[] payload = new byte[length];
        try {
            in.readFully(payload);
        } catch (EOFException e) {
            throw new IOException("stream ended inside a " + types[type] + " frame", e);
        }
        return new Frame(types[type], payload);
    }
}
