package org.jdsm.launch;

/** Exit codes of the {@code jdsm} command and of node JVMs. */
public final class ExitCodes {

    /** The job or command succeeded. */
    public static final int OK = 0;
    /** The job failed; the last line on stderr names the rank and the cause. */
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
