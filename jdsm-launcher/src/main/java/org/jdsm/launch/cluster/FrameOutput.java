package org.jdsm.launch.cluster;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.ReentrantLock;

/** Writes frames ({@code type byte, length int, payload}) to a stream; safe for many threads. */
public final class FrameOutput {

    private final DataOutputStream out;
    /** One frame at a time; a lock rather than synchronized so that a beat can skip a busy stream. */
    private final ReentrantLock lock = new ReentrantLock();

    /** Frames go to {@code out}, flushed one by one. */
    public FrameOutput(OutputStream out) {
        this.out = new DataOutputStream(new BufferedOutputStream(out, 1 << 16));
    }

    /** Sends one frame and flushes it. */
    public void send(FrameType type, byte[] payload) throws IOException {
        lock.lock();
        try {
            write(type, payload);
        } finally {
            lock.unlock();
        }
    }

    private void write(FrameType type, byte[] payload) throws IOException {
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

    /**
     * Sends a frame unless another is being sent (perhaps blocked behind a slow reader): a heartbeat,
     * which must never wait. Returns false only when the other side is gone.
     */
    public boolean sendIfIdle(FrameType type, byte[] payload) {
        if (!lock.tryLock()) {
            return true; // the frame in progress tells the other side we are alive once it gets through
        }
        try {
            write(type, payload);
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** Closes the stream: the other side reads end of stream. */
    public void close() {
        lock.lock();
        try {
            out.close();
        } catch (IOException e) {
            // Closing a stream whose reader is gone: nothing to tell anyone.
        } finally {
            lock.unlock();
        }
    }
}
