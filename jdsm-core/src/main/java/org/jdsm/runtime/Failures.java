package org.jdsm.runtime;

/** Turns an exception into a short, readable description: type, message, and where user code threw it. */
final class Failures {

    private Failures() {
    }

    static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        StackTraceElement[] trace = e.getStackTrace();
        for (int i = 0; i < Math.min(trace.length, 4); i++) {
            sb.append("\n\tat ").append(trace[i]);
        }
        if (e.getCause() != null && e.getCause() != e) {
            sb.append("\ncaused by ").append(describe(e.getCause()));
        }
        return sb.toString();
    }
}
