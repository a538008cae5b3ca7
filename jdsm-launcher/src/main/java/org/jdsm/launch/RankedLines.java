package org.jdsm.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.Charset;

/**
 * Copies one output stream of a node JVM to ours line by line, each line prefixed with the rank
 * ({@code [2] }), and remembers what it says about why it failed ({@link NodeLastWords}). The node's
 * {@link NodeStatus} lines are for the launcher: taken in, not copied. A line longer than
 * {@link #MAX_LINE_CHARS} comes out in pieces of that length, each prefixed.
 */
final class RankedLines implements Runnable {

    /**
     * The longest line kept whole. A node printing without line breaks (a huge array on one line)
     * would otherwise make the launcher hold it all: past its heap, this thread died, the node's
     * output was dropped from there on, and the job still passed.
     */
    static final int MAX_LINE_CHARS = 1 << 16;

    private final String prefix;
    private final InputStream in;
    private final Charset charset;
    private final PrintStream to;
    private final Thread thread;
    private final NodeStatus status = new NodeStatus();
    private final NodeLastWords lastWords = new NodeLastWords();

    /** Starts copying {@code in}, decoded with {@code charset}, to {@code to}. */
    RankedLines(int rank, String stream, InputStream in, Charset charset, PrintStream to) {
        this.prefix = "[" + rank + "] ";
        this.in = in;
        this.charset = charset;
        this.to = to;
        this.thread = new Thread(this, "jdsm-rank" + rank + "-" + stream);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, charset))) {
            LineReader lines = new LineReader(reader);
            for (String line = lines.next(); line != null; line = lines.next()) {
                if (status.accept(line)) {
                    continue;
                }
                to.println(prefix + line);
                lastWords.note(line);
            }
        } catch (IOException e) {
            // The node was killed mid-line; what it wrote before is out already.
        }
    }

    /**
     * Splits a stream into lines as {@link BufferedReader#readLine} does ({@code \n}, {@code \r} or
     * {@code \r\n} end one, and a {@code \r} is not held back waiting for a {@code \n}), except that
     * it returns at most {@link #MAX_LINE_CHARS} characters at a time.
     */
    static final class LineReader {
        private final Reader in;
        private boolean skipLf;

        LineReader(Reader in) {
            this.in = in;
        }

        /** The next line without its break, or its next {@link #MAX_LINE_CHARS} characters; null at the end. */
        String next() throws IOException {
            StringBuilder line = new StringBuilder();
            while (line.length() < MAX_LINE_CHARS) {
                int c = in.read();
                if (skipLf) {
                    skipLf = false;
                    if (c == '\n') {
                        continue; // the rest of a \r\n
                    }
                }
                if (c < 0) {
                    return line.length() == 0 ? null : line.toString();
                }
                if (c == '\n' || c == '\r') {
                    skipLf = c == '\r';
                    return line.toString();
                }
                line.append((char) c);
            }
            return line.toString();
        }
    }

    /** The node's failure report and uncaught exception, as far as they came on this stream. */
    NodeLastWords lastWords() {
        return lastWords;
    }

    /** What the node said about itself on this stream. */
    NodeStatus status() {
        return status;
    }

    /** Waits until the node's stream has ended (at most {@code millis}). */
    void await(long millis) throws InterruptedException {
        thread.join(millis);
    }
}
