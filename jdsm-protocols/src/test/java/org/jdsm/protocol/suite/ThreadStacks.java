package org.jdsm.protocol.suite;

import java.util.stream.Collectors;

/**
 * The stacks of the JVM's live threads, for the report of a job that hung: which thread waits where
 * is what tells a lost message from a wait cycle. Idle pool threads (waiting for a task) are left
 * out, since a hang's dozens of them would bury the few that matter.
 */
final class ThreadStacks {

    private ThreadStacks() {
    }

    static String describe() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> !idle(e.getValue()))
                .map(e -> describe(e.getKey(), e.getValue()))
                .sorted()
                .collect(Collectors.joining());
    }

    private static boolean idle(StackTraceElement[] frames) {
        for (StackTraceElement f : frames) {
            if (f.getMethodName().equals("getTask") && f.getClassName().equals("java.util.concurrent.ThreadPoolExecutor")) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Thread t, StackTraceElement[] frames) {
        StringBuilder out = new StringBuilder("\"" + t.getName() + "\" " + t.getState() + "\n");
        for (StackTraceElement f : frames) {
            out.append("    at ").append(f).append('\n');
        }
        return out.toString();
    }

    /** Prints {@link #describe()} to stderr under {@code title}. */
    static void print(String title) {
        System.err.println("---- thread stacks: " + title + "\n" + describe() + "---- end of thread stacks");
    }
}
