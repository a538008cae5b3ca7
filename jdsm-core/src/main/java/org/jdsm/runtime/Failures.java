package org.jdsm.runtime;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.jdsm.DsmException;

/** Turns an exception into a short, readable description: type, message, and where user code threw it. */
final class Failures {

    /** Packages of JDSM's own machinery and its libraries: not where a job's mistake is. */
    private static final String[] MACHINERY = {"org.jdsm.runtime.", "org.jdsm.protocol.", "org.jdsm.wire.", "org.jdsm.comm.",
        "org.jdsm.content.", "org.jdsm.instrument.runtime.", "org.jdsm.launch.", "java.", "jdk.", "sun.", "com.esotericsoftware.", "io.netty."};

    /** Frames shown of an exception the job threw itself (the runner's frames below the job's are never shown). */
    private static final int TOP_FRAMES = 6;

    private Failures() {
    }

    /**
     * A job's own exception with the top of its trace and of its causes'. A {@link DsmException}
     * already says what the job did wrong: it gets the job's own frames only (where the call was
     * made) and its causes one line each, leaving out those whose first line it already repeats.
     */
    static String describe(Throwable e) {
        return e instanceof DsmException ? describeMistake(e) : describeThrown(e, newSeen());
    }

    /**
     * {@code e.toString()}, or its class name if the job's exception cannot even say that: the
     * description of a failure must not fail itself, or the node would take the failure for success.
     */
    static String text(Throwable e) {
        try {
            return String.valueOf(e);
        } catch (RuntimeException | Error broken) {
            return e.getClass().getName() + " (its toString() threw " + broken.getClass().getName() + ")";
        }
    }

    /** The first line of {@code e}'s message, "" if it has none or cannot give it. */
    private static String firstLine(Throwable e) {
        try {
            return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        } catch (RuntimeException | Error broken) {
            return "";
        }
    }

    private static String describeThrown(Throwable e, Set<Throwable> seen) {
        seen.add(e);
        StringBuilder sb = new StringBuilder(text(e));
        appendTop(sb, e.getStackTrace());
        Throwable cause = e.getCause();
        if (cause != null) {
            // A cause chain may loop (initCause allows a -> b -> a): name the loop once, as printStackTrace does.
            sb.append("\ncaused by ").append(seen.contains(cause) ? "[circular reference: " + text(cause) + "]"
                    : describeThrown(cause, seen));
        }
        return sb.toString();
    }

    /**
     * The top of a trace, as the job's author reads it: at most {@link #TOP_FRAMES} frames, and
     * none of the runner below the job's own frames (the thread that called {@code start()}).
     */
    private static void appendTop(StringBuilder sb, StackTraceElement[] trace) {
        boolean inJob = false;
        for (int i = 0; i < trace.length; i++) {
            String className = trace[i].getClassName();
            if (inJob && (className.startsWith("org.jdsm.runtime.") || className.equals(Thread.class.getName()))) {
                return;
            }
            if (i == TOP_FRAMES) {
                sb.append("\n\t...");
                return;
            }
            sb.append("\n\tat ").append(JobFrames.where(trace[i]));
            inJob |= isJobs(className);
        }
    }

    /** The first of {@code e} and its causes that is a {@code type}, or null (a looping cause chain is followed once). */
    static <T extends Throwable> T find(Throwable e, Class<T> type) {
        Set<Throwable> seen = newSeen();
        for (Throwable c = e; c != null && seen.add(c); c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    private static Set<Throwable> newSeen() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    private static String describeMistake(Throwable e) {
        StringBuilder sb = new StringBuilder(text(e));
        boolean inJob = false;
        for (StackTraceElement frame : e.getStackTrace()) {
            if (isJobs(frame.getClassName())) {
                inJob = true;
                sb.append("\n\tat ").append(JobFrames.where(frame));
            } else if (inJob) {
                break; // below the job's calls: the runtime that ran it
            }
        }
        Set<Throwable> seen = newSeen();
        seen.add(e);
        for (Throwable c = e.getCause(); c != null && seen.add(c); c = c.getCause()) {
            String line = firstLine(c);
            if (!sb.toString().contains(line)) {
                sb.append("\ncaused by ").append(c.getClass().getName()).append(": ").append(line);
            }
        }
        return sb.toString();
    }

    private static boolean isJobs(String className) {
        if (JobFrames.isApi(className)) {
            return false; // the API the job called
        }
        for (String p : MACHINERY) {
            if (className.startsWith(p)) {
                return false;
            }
        }
        return true;
    }
}
