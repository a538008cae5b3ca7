package org.jdsm.launch;

/**
 * Ends this JVM when the process that started it is gone, so that even a launcher killed with
 * SIGKILL leaves no node JVM behind.
 */
final class ParentWatch {

    private static final long POLL_MILLIS = 500;

    private ParentWatch() {
    }

    /** Watches process {@code pid} in the background; -1 watches nothing. */
    static void start(long pid, int rank) {
        if (pid < 0) {
            return;
        }
        // Resolved once: the handle remembers the start time, so a recycled pid does not fool it.
        ProcessHandle parent = ProcessHandle.of(pid).orElse(null);
        Thread watch = new Thread(() -> {
            while (parent != null && parent.isAlive()) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            NodeMain.report("node " + rank + " stops: its launcher (pid " + pid + ") is gone");
            JvmExit.exit(ExitCodes.ORPHANED);
        }, "jdsm-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
