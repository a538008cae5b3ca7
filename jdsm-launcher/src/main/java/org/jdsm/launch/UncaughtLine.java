package org.jdsm.launch;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the line a JVM prints when a thread dies of an exception nobody caught. A node JVM whose
 * main thread dies so (an {@link OutOfMemoryError} that left no room even to report it) exits
 * with code 1 and no report of its own: that line is then all there is to say what happened.
 */
final class UncaughtLine {

    /** {@code Exception in thread "main" java.lang.OutOfMemoryError: Java heap space} */
    private static final Pattern IN_THREAD = Pattern.compile("Exception in thread \"(.*?)\" (\\S.*)");
    /** The JVM's words when the uncaught-exception handler threw as well (no room to print a trace). */
    private static final Pattern FROM_HANDLER = Pattern.compile(
            "Exception: (\\S+) thrown from the UncaughtExceptionHandler in thread \"(.*?)\"");

    private UncaughtLine() {
    }

    /** What {@code line} says died, e.g. {@code java.lang.OutOfMemoryError: Java heap space (uncaught in thread "main")}; null if it is no such line. */
    static String describe(String line) {
        Matcher m = IN_THREAD.matcher(line);
        if (m.matches()) {
            return m.group(2) + " (uncaught in thread \"" + m.group(1) + "\")";
        }
        m = FROM_HANDLER.matcher(line);
        if (m.matches()) {
            return m.group(1) + " (uncaught in thread \"" + m.group(2) + "\")";
        }
        return null;
    }
}
