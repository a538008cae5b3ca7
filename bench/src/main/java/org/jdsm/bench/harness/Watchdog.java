package org.jdsm.bench.harness;

import java.time.Duration;

/** Ends a benchmark JVM that runs past a hard limit (shutdown hooks still kill child JVMs). */
public final class Watchdog {

    private Watchdog() {
    }

    /** Exits with status 3 if this JVM is still running after {@code limit}. */
    public static void arm(Duration limit, String what) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(limit.toMillis());
                System.err.println(what + ": still running after " + limit.toSeconds() + " s; giving up");
                System.exit(3);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "watchdog");
        t.setDaemon(true);
        t.start();
    }
}
