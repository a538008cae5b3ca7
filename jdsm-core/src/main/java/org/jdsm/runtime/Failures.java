package org.jdsm.runtime;

import org.jdsm.DsmException;

/** Turns an exception into a short, readable description: type, message, and where user code threw it. */
final class Failures {

    /** Packages of JDSM's own machinery and its libraries: not where a job's mistake is. */
    private static final String[] MACHINERY = {"org.jdsm.runtime.", "org.jdsm.protocol.", "org.jdsm.wire.", "org.jdsm.comm.",
        "org.jdsm.content.", "org.jdsm.instrument.runtime.", "org.jdsm.launch.", "java.", "jdk.", "sun.", "com.esotericsoftware.", "io.netty."};

    private Failures() {
    }

    /**
     * A job's own exception with the top of its trace and of its causes'. A {@link DsmException}
     * already says what the job did wrong: it gets the job's own frames only (where the call was
     * made) and its causes one line each, leaving out those whose first line it already repeats.
     */
    static String describe(Throwable e) {
        return e instanceof DsmException ? describeMistake(e) : describeThrown(e);
    }

    private static String describeThrown(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        StackTraceElement[] trace = e.getStackTrace();
        for (int i = 0; i < Math.min(trace.length, 4); i++) {
            sb.append("\n\tat ").append(trace[i]);
        }
        if (e.getCause() != null && e.getCause() != e) {
            sb.append("\ncaused by ").append(describeThrown(e.getCause()));
        }
        return sb.toString();
    }

    private static String describeMistake(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        boolean inJob = false;
        for (StackTraceElement frame : e.getStackTrace()) {
            if (isJobs(frame.getClassName())) {
                inJob = true;
                sb.append("\n\tat ").append(JobFrames.where(frame));
            } else if (inJob) {
                break; // below the job's calls: the runtime that ran it
            }
        }
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            String line = String.valueOf(c.getMessage()).lines().findFirst().orElse("");
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
