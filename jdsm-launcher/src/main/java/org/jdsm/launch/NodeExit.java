package org.jdsm.launch;

/**
 * How one node ended.
 *
 * @param rank   the node's rank
 * @param host   the host it ran on, or null on this machine
 * @param code   its exit code
 * @param ending who ended it
 * @param report the first line of its failure report, or null
 * @param jvmShutDown whether its JVM began to shut down while it ran the job ({@link NodeLastWords#jvmShutDown}):
 *               it failed on its own account, even if stopped or killed afterwards
 */
public record NodeExit(int rank, String host, int code, Ending ending, String report, boolean jvmShutDown) {

    /** Who ended a node. */
    public enum Ending {
        /** The node runtime, with an {@link ExitCodes} code it announced. */
        ANNOUNCED,
        /** Something else before the job ended: the job's {@code System.exit}, a signal, a crash, a lost host. */
        UNANNOUNCED,
        /** The launcher, because the node did not stop by itself after another node failed. */
        KILLED,
        /** The JVM itself, before it ran the node: it rejected its options (such as a bad --jvm-arg). */
        NOT_STARTED
    }

    /** A node whose JVM did not report a shutdown of its own. */
    public NodeExit(int rank, String host, int code, Ending ending, String report) {
        this(rank, host, code, ending, report, false);
    }

    /** A node that ran on this machine, whose JVM did not report a shutdown of its own. */
    public NodeExit(int rank, int code, Ending ending, String report) {
        this(rank, null, code, ending, report);
    }

    /** Whether the node runtime finished the job: exit code 0, announced. */
    public boolean ok() {
        return ending == Ending.ANNOUNCED && code == ExitCodes.OK;
    }

    boolean killed() {
        return ending == Ending.KILLED;
    }

    /**
     * Failed on its own account: not a bystander of another node's failure, not killed by the
     * launcher, unless its own JVM had begun to shut down first.
     */
    boolean culprit() {
        return jvmShutDown || ending == Ending.UNANNOUNCED || ending == Ending.NOT_STARTED
                || ending == Ending.ANNOUNCED && !ok() && code != ExitCodes.STOPPED;
    }

    /** Whether {@code code} is the exit code of a process a signal ended: 128 plus the signal's number, as shells report it. */
    static boolean bySignal(int code) {
        return code > 128;
    }

    /** What the launcher says about it. */
    String describe() {
        String rankOn = "rank " + rank + (host == null ? "" : " on " + host);
        String how;
        if (ending == Ending.NOT_STARTED) {
            how = "node JVM for " + rankOn + " could not start (exit code " + code + "); check --jvm-arg";
        } else if (jvmShutDown && ending != Ending.UNANNOUNCED) {
            // The launcher or the node's server ended it: its code says nothing of the job.
            how = rankOn + " was stopped during its JVM's shutdown";
        } else if (ending == Ending.UNANNOUNCED && code == ExitCodes.OK) {
            how = rankOn + " exited (code 0) before the job ended";
        } else {
            how = rankOn + " exited with code " + code;
            if (ending != Ending.ANNOUNCED && bySignal(code) && report == null) {
                how += " (signal " + (code - 128) + ")";
            }
        }
        return report == null ? how : how + ": " + report;
    }
}
