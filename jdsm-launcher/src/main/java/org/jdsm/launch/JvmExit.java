package org.jdsm.launch;

/** Ends the JVM with a given code even if user threads or shutdown hooks hang. */
public final class JvmExit {

    /** How long shutdown hooks may run before the JVM is halted. */
    private static final long HOOK_GRACE_MILLIS = 5_000;

    private JvmExit() {
    }

    /** Flushes stdout and stderr, then exits; halts after a grace period if the shutdown hooks hang. */
    public static void exit(int code) {
        System.out.flush();
        System.err.flush();
        if (shuttingDown()) {
            // System.exit would wait for the shutdown under way (the job's System.exit, held up by a
            // slow hook of the job): a node told to stop would outlive its job by the grace period.
            Runtime.getRuntime().halt(code);
        }
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(HOOK_GRACE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(code);
        }, "jdsm-exit-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        System.exit(code);
    }

    /** Whether the JVM has begun to shut down: it then takes no more shutdown hooks. */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
