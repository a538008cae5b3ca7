package org.jdsm.launch;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * The node JVM's stderr as its launcher reads it: {@link NodeStatus} lines and failure reports
 * must reach the launcher even when the job redirects {@code System.err} (to a log file, say) or
 * closes it, or leaves a line unfinished (a progress bar's {@code print("\r50%")}). Else a node
 * that finished the job was reported as "exited (code 0) before the job ended", and a failed one
 * without its cause. A node JVM of {@code jdsm run} claims its own stderr; a cluster server claims
 * the stream that frames its stderr for the manager.
 */
public final class LauncherStream {

    private static volatile PrintStream claimed;
    /** Whether the job's last write to its {@code System.err} left a line unfinished. */
    private static volatile boolean jobMidLine;

    private LauncherStream() {
    }

    /**
     * Keeps this JVM's {@code System.err} for the launcher and gives the job a view of it that
     * writes through but whose {@code close()} only flushes. Call before any job code runs.
     */
    public static void claim() {
        claim(stderrCharset());
    }

    /** As {@link #claim()}, for a {@code System.err} that encodes in {@code charset} (a server's framed stderr: UTF-8). */
    public static void claim(Charset charset) {
        PrintStream err = System.err;
        claimed = err;
        System.setErr(new PrintStream(new Unclosable(err), true, charset));
    }

    /**
     * The stream to the launcher, at the start of a line: the claimed stderr (a line the job left
     * unfinished is ended first, as the launcher reads only whole lines as its own), or
     * {@code System.err} if none was claimed.
     */
    public static PrintStream get() {
        PrintStream err = claimed;
        if (err == null) {
            return System.err;
        }
        if (jobMidLine) {
            jobMidLine = false;
            err.println();
        }
        return err;
    }

    /** The charset the JVM writes stderr in (JDK 17 and 18+ name the property differently). */
    private static Charset stderrCharset() {
        String name = System.getProperty("stderr.encoding", System.getProperty("sun.stderr.encoding"));
        try {
            return name != null ? Charset.forName(name) : Charset.defaultCharset();
        } catch (IllegalArgumentException unknown) {
            return Charset.defaultCharset();
        }
    }

    /** Writes through to a stream that it never closes, noting whether a line is left unfinished. */
    private static final class Unclosable extends FilterOutputStream {

        Unclosable(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            jobMidLine = b != '\n' && b != '\r';
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len); // whole, not byte by byte as FilterOutputStream does
            if (len > 0) {
                jobMidLine = b[off + len - 1] != '\n' && b[off + len - 1] != '\r';
            }
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
