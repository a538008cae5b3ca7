package org.jdsm.launch;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * While a job runs inside the jdsm JVM ({@code --comm local}), a {@code System.exit} in the job
 * would end the launcher with the job's code and without a word. This shutdown hook names the call
 * and ends the JVM with {@link ExitCodes#FAILED} instead. Other shutdowns (Ctrl-C) go on as they were.
 */
final class InJvmExitReport implements AutoCloseable {

    private final PrintStream err;
    private final Thread hook = new Thread(this::report, "jdsm-job-exit");

    /** Watches for a {@code System.exit} until {@link #close}; reports it on {@code err}. */
    InJvmExitReport(PrintStream err) {
        this.err = err;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void report() {
        exitCall(Thread.getAllStackTraces()).ifPresent(call -> {
            err.println("jdsm: job failed: the job called System.exit before it ended (" + call
                    + "); with --comm local every node runs inside the jdsm JVM, so that ended them all");
            err.flush();
            // Halting from a hook is allowed and replaces the job's exit code with ours.
            Runtime.getRuntime().halt(ExitCodes.FAILED);
        });
    }

    /**
     * Where {@code System.exit} (or {@code Runtime.exit}) was called, from the threads' stacks: the
     * calling method and thread; empty if no thread is inside it (e.g. a signal ends the JVM).
     */
    static Optional<String> exitCall(Map<Thread, StackTraceElement[]> stacks) {
        for (Map.Entry<Thread, StackTraceElement[]> thread : stacks.entrySet()) {
            List<StackTraceElement> frames = Arrays.asList(thread.getValue());
            for (int i = 0; i < frames.size(); i++) {
                if (isExit(frames.get(i), Runtime.class)) {
                    int caller = i + 1 < frames.size() && isExit(frames.get(i + 1), System.class) ? i + 2 : i + 1;
                    String where = caller < frames.size() ? "at " + describe(frames.get(caller)) : "at an unknown place";
                    return Optional.of(where + " on thread " + thread.getKey().getName());
                }
            }
        }
        return Optional.empty();
    }

    /** A frame as a user reads it: without the class loader's name that StackTraceElement.toString adds. */
    private static String describe(StackTraceElement frame) {
        String where = frame.getFileName() == null ? "unknown source"
                : frame.getLineNumber() < 0 ? frame.getFileName() : frame.getFileName() + ":" + frame.getLineNumber();
        return frame.getClassName() + "." + frame.getMethodName() + "(" + where + ")";
    }

    private static boolean isExit(StackTraceElement frame, Class<?> owner) {
        return frame.getClassName().equals(owner.getName()) && frame.getMethodName().equals("exit");
    }

    /** Stops watching: the job is over. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or has run.
        }
    }
}
