package org.jdsm.launch.cluster;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a server's {@code System.out} or {@code System.err} writes to: cuts the bytes into lines and
 * sends each as a {@link Line} frame tagged with the rank. Partial lines wait for their end (or
 * {@link #close}), so lines printed by different threads do not interleave within a line. A line
 * longer than {@link #MAX_LINE_BYTES} goes out in pieces of about that size, cut between characters.
 */
final class FramedLines extends OutputStream {

    /**
     * The longest line sent whole. Output without line breaks (a huge array printed on one line)
     * would otherwise grow in this JVM until the job's print failed, or make a frame the client
     * refuses, and show nothing meanwhile.
     */
    static final int MAX_LINE_BYTES = 1 << 16;

    private final FrameType type;
    private final int rank;
    private final FrameOutput out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    /** Lines of {@code type} ({@code OUT} or {@code ERR}) of {@code rank}, sent to {@code out}. */
    FramedLines(FrameType type, int rank, FrameOutput out) {
        this.type = type;
        this.rank = rank;
        this.out = out;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            sendLine();
            return;
        }
        if (full(line.size(), (byte) b)) {
            sendLine();
        }
        line.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                line.write(b, start, i - start);
                sendLine();
                start = i + 1;
            } else if (full(line.size() + i - start, b[i])) {
                line.write(b, start, i - start);
                sendLine();
                start = i;
            }
        }
        line.write(b, start, off + len - start);
    }

    /** Whether a line of {@code size} bytes has reached its limit and may be cut before {@code next}: not inside a UTF-8 character. */
    private static boolean full(int size, byte next) {
        return size >= MAX_LINE_BYTES && (next & 0xC0) != 0x80;
    }

    /** Sends what is left of the last line. */
    @Override
    public synchronized void close() {
        if (line.size() > 0) {
            sendLine();
        }
    }

    private void sendLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        // A lost manager is noticed by the server's reader; the line has nowhere to go then.
        out.trySend(type, new Line(rank, text).encode());
    }
}
