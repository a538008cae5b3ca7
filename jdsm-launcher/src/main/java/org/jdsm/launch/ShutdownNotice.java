package org.jdsm.launch;

import org.jdsm.runtime.NodeRuntime;

/**
 * Tells the other nodes when this node's JVM shuts down while the node runs (the job called
 * {@code System.exit}, or a signal ends it), and remembers that it does: the JVM then ends with
 * its own exit code, which the node must not blur with words or a code of its own.
 */
final class ShutdownNotice {

    private static volatile boolean shuttingDown;

    private ShutdownNotice() {
    }

    /** Runs {@code node} to the end, telling the other nodes if the JVM shuts down meanwhile. */
    static void run(NodeRuntime node) {
        Thread hook = new Thread(() -> {
            shuttingDown = true;
            node.jvmShuttingDown();
        }, "jdsm-shutdown-notice");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            node.run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // The hook runs or has run.
            }
        }
    }

    /** Whether the JVM shut down while a node ran. */
    static boolean shuttingDown() {
        return shuttingDown;
    }
}
