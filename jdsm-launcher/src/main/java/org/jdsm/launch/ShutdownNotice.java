package org.jdsm.launch;

import java.io.PrintStream;
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

    /**
     * Runs {@code node} (of rank {@code rank}) to the end. If the JVM shuts down meanwhile, reports
     * why to the launcher ({@link JvmShutdownReport}: it names this node, not the others it stops,
     * even if a hook of the job holds the JVM until it is killed) and tells the other nodes.
     */
    static void run(int rank, NodeRuntime node) {
        Thread hook = new Thread(() -> {
            shuttingDown = true;
            PrintStream launcher = LauncherStream.get();
            launcher.println(NodeMain.REPORT_PREFIX
                    + JvmShutdownReport.describe(rank, InJvmExitReport.exitCall(Thread.getAllStackTraces())));
            launcher.flush();
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
