package org.jdsm.bench.harness;

import java.io.IOException;
import java.io.InputStream;

/** Helpers for the main of a {@link ChildJvm}: bounded lifetime and exit when the parent goes. */
public final class ChildSide {

    private ChildSide() {
    }

    /**
     * Exits this JVM when stdin reaches EOF (the parent closed it or died) or after
     * {@code maxSeconds}, whichever comes first.
     */
    public static void exitWithParent(long maxSeconds) {
        daemon("parent-watch", () -> {
            InputStream in = System.in;
            byte[] buf = new byte[256];
            try {
                while (in.read(buf) >= 0) {
                    // drain: the parent sends nothing
                }
            } catch (IOException e) {
                // treat like EOF
            }
            Runtime.getRuntime().halt(0);
        });
        daemon("lifetime", () -> {
            try {
                Thread.sleep(maxSeconds * 1000);
                System.err.println("child: lifetime of " + maxSeconds + " s over, exiting");
                Runtime.getRuntime().halt(4);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Says {@code READY <detail>} on stdout; the parent awaits it with {@link ChildJvm#awaitLine}. */
    public static void ready(String detail) {
        System.out.println("READY " + detail);
        System.out.flush();
    }

    private static void daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }
}
