package org.jdsm.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Copies one output stream of a node JVM to ours line by line, each line prefixed with the rank
 * ({@code [2] }), and remembers the node's failure report ({@link NodeMain#REPORT_PREFIX}). The
 * node's {@link NodeStatus} lines are for the launcher: taken in, not copied.
 */
final class RankedLines implements Runnable {

    private final String prefix;
    private final InputStream in;
    private final Charset charset;
    private final PrintStream to;
    private final Thread thread;
    private final NodeStatus status = new NodeStatus();
    private volatile String report;

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
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (status.accept(line)) {
                    continue;
                }
                to.println(prefix + line);
                if (report == null && line.startsWith(NodeMain.REPORT_PREFIX)) {
                    report = line.substring(NodeMain.REPORT_PREFIX.length());
                }
            }
        } catch (IOException e) {
            // The node was killed mid-line; what it wrote before is out already.
        }
    }

    /** The first line of the node's failure report, or null. */
    String report() {
        return report;
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
