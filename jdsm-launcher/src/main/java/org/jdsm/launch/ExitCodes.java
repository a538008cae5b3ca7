package org.jdsm.launch;

/**
 * Exit codes of the {@code jdsm} command ({@link #OK}, {@link #FAILED}, {@link #USAGE},
 * {@link #INTERRUPTED}) and of node JVMs. A node JVM announces the code it chose before it exits
 * ({@link NodeStatus}), so the launcher tells it from the same code out of a job's {@code System.exit}.
 */
public final class ExitCodes {

    /** The job or command succeeded. */
    public static final int OK = 0;
    /** The job failed, whatever code its nodes exited with; the last line on stderr names the rank and the cause. */
    public static final int FAILED = 1;
    /** Bad command line or input (missing jar or class, bad option): nothing was started. */
    public static final int USAGE = 2;
    /** A node stopped because another node failed: a bystander, not the cause. */
    public static final int STOPPED = 3;
    /** A node stopped because the process that started it is gone. */
    public static final int ORPHANED = 4;
    /** Ended by Ctrl-C, reported as shells do (128 + SIGINT). */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
