package org.jdsm.launch;

/**
 * How one node ended.
 *
 * @param rank   the node's rank
 * @param host   the host it ran on, or null on this machine
 * @param code   its exit code
 * @param killed whether the launcher killed it
 * @param report the first line of its failure report, or null
 */
public record NodeExit(int rank, String host, int code, boolean killed, String report) {

    /** A node that ran on this machine. */
    public NodeExit(int rank, int code, boolean killed, String report) {
        this(rank, null, code, killed, report);
    }

    /** Whether it exited 0. */
    public boolean ok() {
        return code == ExitCodes.OK;
    }

    /** Failed on its own account: not a bystander of another node's failure, not killed by the launcher. */
    boolean culprit() {
        return !ok() && !killed && code != ExitCodes.STOPPED;
    }

    /** What the launcher says about it. */
    String describe() {
        String how = "rank " + rank + (host == null ? "" : " on " + host) + " exited with code " + code;
        if (code > 128 && report == null) {
            how += " (signal " + (code - 128) + ")";
        }
        return report == null ? how : how + ": " + report;
    }
}
