package org.jdsm.launch.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Flow control of rank 0's stdin, end to end: rank 0's server grants the client credit for the
 * bytes it can hold ({@link FrameType#STDIN_CREDIT}, relayed by the manager) and grants more as the
 * job reads them; the client sends no more than it was granted. So no reader on the way ever waits
 * for a job that does not read its stdin (yet): the same streams carry heartbeats, Ctrl-C and file
 * replies, which must get through.
 */
public final class StdinCredit {

    /** The most rank 0 holds unread, and the client's first credit. */
    public static final int WINDOW = 1 << 20;

    private StdinCredit() {
    }

    /** A credit frame's payload: {@code bytes} more may be sent. */
    public static byte[] encode(int bytes) {
        return Payload.encode(out -> out.integer(bytes));
    }

    /** The bytes a credit frame grants. */
    public static int decode(byte[] payload) {
        try {
            return Payload.decode(payload).integer();
        } catch (IOException e) {
            throw new UncheckedIOException("a garbled stdin credit", e);
        }
    }

    /**
     * Rank 0's {@code System.in} on its server: the client's bytes, queued without blocking the
     * frame reader (the client never sends more than the window), and credit granted back as the
     * job reads.
     */
    static final class Input extends InputStream {

        private final FrameOutput out;
        private final Deque<byte[]> chunks = new ArrayDeque<>();
        private int position;
        private boolean ended;
        private int consumed;

        /** Grants the client its first window on {@code out}. */
        Input(FrameOutput out) {
            this.out = out;
            out.trySend(FrameType.STDIN_CREDIT, encode(WINDOW));
        }

        /** Bytes from the client ({@link FrameType#STDIN}). */
        synchronized void add(byte[] data) {
            chunks.addLast(data);
            notifyAll();
        }

        /** The client's stdin has ended ({@link FrameType#STDIN_END}). */
        synchronized void end() {
            ended = true;
            notifyAll();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n;
            int grant = 0;
            synchronized (this) {
                while (chunks.isEmpty() && !ended) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted reading stdin");
                    }
                }
                if (chunks.isEmpty()) {
                    return -1;
                }
                byte[] head = chunks.peekFirst();
                n = Math.min(len, head.length - position);
                System.arraycopy(head, position, b, off, n);
                position += n;
                if (position == head.length) {
                    chunks.removeFirst();
                    position = 0;
                }
                consumed += n;
                if (consumed >= WINDOW / 4) {
                    grant = consumed;
                    consumed = 0;
                }
            }
            if (grant > 0) {
                // Outside the lock: this send may wait for the manager, the reader must not.
                out.trySend(FrameType.STDIN_CREDIT, encode(grant));
            }
            return n;
        }

        @Override
        public synchronized int available() {
            return chunks.isEmpty() ? 0 : chunks.peekFirst().length - position;
        }
    }
}
