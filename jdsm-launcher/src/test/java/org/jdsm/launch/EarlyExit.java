package org.jdsm.launch;

import java.util.List;

/**
 * Rank 1 ending its JVM in the middle of a job, without the node runtime's word, and the summary
 * that blames it: {@link VerdictTest} from the exit code, {@link JdsmRunIT} end to end.
 *
 * @param how     what the {@link org.jdsm.launch.jobs.ExitOnRank} job does: a System.exit code, or kill
 * @param code    the JVM's exit code then
 * @param summary the launcher's last line
 */
record EarlyExit(String how, int code, String summary) {

    /** Any code, even 0 or JDSM's own {@link ExitCodes#STOPPED}, and a signal. */
    static final List<EarlyExit> ALL = List.of(
            new EarlyExit("5", 5, "jdsm: job failed: rank 1 exited with code 5"),
            new EarlyExit("3", ExitCodes.STOPPED, "jdsm: job failed: rank 1 exited with code 3"),
            new EarlyExit("0", 0, "jdsm: job failed: rank 1 exited (code 0) before the job ended"),
            new EarlyExit("kill", 137, "jdsm: job failed: rank 1 exited with code 137 (signal 9)"));

    /** What the summary says after {@link #summary} when the JVM could still say why: where the job called System.exit. */
    String exitCallWords() {
        return how.equals("kill") ? "" : ": node 1 called System.exit at org.jdsm.launch.jobs.ExitOnRank.start(ExitOnRank.java:";
    }

    @Override
    public String toString() {
        return how;
    }
}
