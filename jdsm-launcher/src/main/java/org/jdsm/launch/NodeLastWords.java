package org.jdsm.launch;

import java.util.regex.Pattern;

/**
 * What a node said about why it failed, picked from the lines of its stderr: its own failure report
 * ({@link NodeMain#REPORT_PREFIX}) and the first exception that the JVM said no thread caught
 * ({@link UncaughtLine}). Shared by {@code jdsm run}, which reads a node JVM's stderr, and the
 * ClusterManager, which reads a server's, so that both name a failure in the same words.
 */
public final class NodeLastWords {

    /** The exit code of a JVM whose main thread died of an exception nobody caught. */
    private static final int JVM_DIED_UNCAUGHT = 1;

    /** How {@link UncaughtLine} names a JVM that died for want of heap (with the JVM's words, or none left to print them). */
    private static final Pattern HEAP_FULL = Pattern.compile(
            "java\\.lang\\.OutOfMemoryError(: Java heap space)? \\(.*");
    /** What to do then: both launchers take node JVM options so. */
    static final String HEAP_ADVICE = "; the node JVM's heap is full: give it more with --jvm-arg=-Xmx<size>, e.g. --jvm-arg=-Xmx4g";

    private volatile String report;
    private volatile String uncaught;
    private volatile boolean jvmShutDown;

    /** Takes in one line the node printed on stderr (without its rank prefix). */
    public void note(String line) {
        if (line.startsWith(NodeMain.REPORT_PREFIX)) {
            String words = line.substring(NodeMain.REPORT_PREFIX.length());
            if (report == null) {
                report = words;
            }
            jvmShutDown |= JvmShutdownReport.matches(words);
        }
        if (uncaught == null) {
            uncaught = UncaughtLine.describe(line);
        }
    }

    /** The first line of the node's own failure report, or null. */
    public String report() {
        return report;
    }

    /**
     * Whether the node reported that its JVM began to shut down while it ran the job (the job's
     * {@code System.exit}, or a signal): the node is then the cause, however it ended after.
     */
    public boolean jvmShutDown() {
        return jvmShutDown;
    }

    /** The first exception the JVM said no thread caught, or null. */
    String uncaught() {
        return uncaught;
    }

    /**
     * Why a node that ended with {@code code} failed: its own report, or for a JVM that exited 1
     * unannounced the exception that killed its main thread (an {@link OutOfMemoryError} that left
     * no room to report it, say, then with what to do); null if it said neither.
     */
    public String explain(int code, NodeExit.Ending ending) {
        if (report == null && ending == NodeExit.Ending.UNANNOUNCED && code == JVM_DIED_UNCAUGHT && uncaught != null) {
            return HEAP_FULL.matcher(uncaught).matches() ? uncaught + HEAP_ADVICE : uncaught;
        }
        return report;
    }
}
