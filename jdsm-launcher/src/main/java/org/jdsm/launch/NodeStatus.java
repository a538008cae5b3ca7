package org.jdsm.launch;

import java.io.PrintStream;
import java.util.OptionalInt;

/**
 * What a node JVM tells its launcher about itself, in stderr lines that the launcher keeps to
 * itself: that the JVM started and runs {@link NodeMain}, and the exit code that NodeMain chose.
 * The exit code of the process alone cannot say that: a JVM that rejects its options exits 1, a
 * job may call {@code System.exit} with any code, including JDSM's own ({@link ExitCodes#STOPPED}),
 * and a node that exits 0 before the job ended is no success.
 */
final class NodeStatus {

    /** Starts every status line; the launcher hides lines that start with it. */
    static final String PREFIX = "jdsm-node: ";
    private static final String STARTED = PREFIX + "started";
    private static final String EXIT = PREFIX + "exit ";

    private volatile boolean started;
    private volatile Integer exitCode;

    /** Tells the launcher, on {@code err}, that the JVM accepted its options and runs NodeMain. */
    static void announceStarted(PrintStream err) {
        err.println(STARTED);
        err.flush();
    }

    /** Tells the launcher, on {@code err}, that NodeMain ends the JVM with {@code code}. */
    static void announceExit(PrintStream err, int code) {
        err.println(EXIT + code);
        err.flush();
    }

    /** Takes in {@code line} if it is a status line; returns whether it was. */
    boolean accept(String line) {
        if (!line.startsWith(PREFIX)) {
            return false;
        }
        if (line.equals(STARTED)) {
            started = true;
        } else if (line.startsWith(EXIT)) {
            try {
                exitCode = Integer.parseInt(line.substring(EXIT.length()).strip());
            } catch (NumberFormatException e) {
                // Not ours after all (a job printing look-alikes): ignored, as the launcher hides it anyway.
            }
        }
        return true;
    }

    /** Whether the JVM got as far as NodeMain. */
    boolean started() {
        return started;
    }

    /** The exit code NodeMain announced, if it did. */
    OptionalInt announcedExit() {
        return exitCode == null ? OptionalInt.empty() : OptionalInt.of(exitCode);
    }
}
