package org.jdsm.launch.cluster;

import java.util.List;

/**
 * Why a server ended without its own report, in words a user can act on, from what the manager
 * saw: ssh's exit code and the last lines the server's process printed on stderr.
 */
public final class RemoteDiagnosis {

    /** ssh's exit code for its own failures (unreachable host, authentication). */
    private static final int SSH_FAILED = 255;
    /** ssh's (JSch's) exit status when none came: the connection ended first. */
    private static final int NO_EXIT_STATUS = -1;
    /** The shell's exit code for a command it cannot find. */
    private static final int NOT_FOUND = 127;

    private RemoteDiagnosis() {
    }

    /**
     * @param process    what ran, e.g. "the Server" or "the ClusterManager"
     * @param host       its host
     * @param code       the ssh (or srun) process's exit code
     * @param stderr     the last lines of its stderr, oldest first
     * @param connected  whether it had sent frames (so ssh itself had worked)
     * @param remoteJava the java command used on the node
     */
    public static String explain(String process, String host, int code, List<String> stderr, boolean connected,
                                 String remoteJava) {
        String last = stderr.isEmpty() ? "" : stderr.get(stderr.size() - 1);
        String all = String.join("\n", stderr);
        if (all.contains("UnsupportedClassVersionError")) {
            return "java on " + host + " is too old: JDSM needs Java 17 or newer ('" + remoteJava
                    + "' there; pass --remote-java to use another)";
        }
        if (code == NOT_FOUND && !connected) {
            return "no java on " + host + ": '" + remoteJava + "' not found (install Java 17 or newer, or pass --remote-java)";
        }
        if (code == SSH_FAILED && !connected) {
            return "ssh from the gateway to " + host + " failed: " + (last.isEmpty() ? "no message" : last);
        }
        boolean signalled = code > 128 && code < SSH_FAILED;
        String signal = signalled ? " (signal " + (code - 128) + ")" : "";
        return process + " on " + host + " ended without a report, exit code " + code + signal
                + likelyCause(code, signalled, connected, remoteJava) + (last.isEmpty() ? "" : ": " + last);
    }

    /** What an exit code without a report most likely means, in parentheses (or "" where it tells nothing). */
    private static String likelyCause(int code, boolean signalled, boolean connected, String remoteJava) {
        if (code == NO_EXIT_STATUS) {
            return " (the connection to it was lost)";
        }
        if (!connected) {
            return signalled || code == SSH_FAILED ? ""
                    : " before it started (is '" + remoteJava + "' Java 17 or newer? --remote-java picks another)";
        }
        return signalled || code == SSH_FAILED ? " (killed, crashed or its host went down)"
                : " (the job called System.exit, or the JVM failed)";
    }
}
