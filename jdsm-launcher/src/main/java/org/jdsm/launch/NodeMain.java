package org.jdsm.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.Map;
import org.jdsm.DsmException;
import org.jdsm.JobAbortedException;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.rendezvous.TcpRendezvous;
import org.jdsm.runtime.ClientFiles;
import org.jdsm.runtime.LocalClientFiles;
import org.jdsm.runtime.NodeConfig;
import org.jdsm.runtime.NodeRuntime;

/**
 * Main class of one node JVM. A launcher starts it with {@link NodeArgs} on the command line and
 * {@link NodeEnv} in the environment; it loads the job's classes, runs the node and exits:
 * {@link ExitCodes#OK} if the whole job succeeded, {@link ExitCodes#FAILED} if this node failed,
 * {@link ExitCodes#STOPPED} if another node's failure stopped it, announced on stderr first
 * ({@link NodeStatus}) so that the launcher tells these from a job's own {@code System.exit}. A
 * failure is reported as one line on stderr that starts with {@link #REPORT_PREFIX}, which
 * launchers pick up for their summary.
 */
public final class NodeMain {

    /** Starts the line a node prints when it fails. */
    public static final String REPORT_PREFIX = "jdsm: ";

    private static final Duration RENDEZVOUS_TIMEOUT = Duration.ofSeconds(60);
    /** The nodes of {@code jdsm run} all run on this machine. */
    private static final String LOOPBACK = "127.0.0.1";

    private NodeMain() {
    }

    /**
     * Says it started, runs the node described by {@code argv} and the environment, then exits
     * with its {@link ExitCodes}, announced to the launcher first ({@link NodeStatus}).
     */
    public static void main(String[] argv) {
        LauncherStream.claim();
        NodeStatus.announceStarted(LauncherStream.get());
        int code = run(argv, System.getenv());
        if (ShutdownNotice.shuttingDown()) {
            return; // the job's System.exit or a signal ends the JVM, with its own code
        }
        NodeStatus.announceExit(LauncherStream.get(), code);
        // Exit explicitly: user threads that hang after a failure must not keep the node alive.
        JvmExit.exit(code);
    }

    static int run(String[] argv, Map<String, String> env) {
        NodeArgs node;
        try {
            node = NodeArgs.parse(argv);
        } catch (IllegalArgumentException e) {
            report("bad node arguments: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        ParentWatch.start(node.watchPid(), node.rank());
        return outcome(node.rank(), () -> runNode(node, NodeEnv.secret(env), NodeEnv.rendezvous(env),
                LOOPBACK, LocalClientFiles.workingDirectory()));
    }

    /**
     * Runs a node's body and turns how it ended into an exit code; a failure is reported as one
     * line on stderr that starts with {@link #REPORT_PREFIX}.
     *
     * @return {@link ExitCodes#OK}, {@link ExitCodes#FAILED} or {@link ExitCodes#STOPPED}
     */
    public static int outcome(int rank, Runnable node) {
        try {
            node.run();
            return ExitCodes.OK;
        } catch (JobAbortedException e) {
            // One line: the failing node prints the details itself.
            report(e.getMessage().lines().findFirst().orElse("job stopped"));
            return ExitCodes.STOPPED;
        } catch (DsmException e) {
            report(e.getMessage()); // the runtime's messages name the node and the cause
            return ExitCodes.FAILED;
        } catch (CommException | LaunchException e) {
            report("node " + rank + " failed: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (RuntimeException | Error e) {
            // Not a failure JDSM anticipated: the stack trace is worth having.
            report("node " + rank + " failed: " + e);
            e.printStackTrace(LauncherStream.get());
            return ExitCodes.FAILED;
        }
    }

    /**
     * Runs one node of a job to the end: meets the other nodes through the rendezvous server,
     * listens on {@code bindHost}, loads the job from {@code node.jobPath()}.
     *
     * @param clientFiles what {@code Spmd.readClientFile} and {@code writeClientFile} reach
     */
    public static void runNode(NodeArgs node, byte[] secret, NodeAddress rendezvous, String bindHost,
                               ClientFiles clientFiles) {
        CommConfig comm = CommConfig.builder().jobId(node.jobId()).myNode(node.rank()).nodes(node.nodes())
                .secret(secret).bindHost(bindHost)
                .rendezvous(new TcpRendezvous(rendezvous, node.jobId(), secret, RENDEZVOUS_TIMEOUT))
                .build();
        try (URLClassLoader loader = JobClassPath.of(node.jobPath()).loader(NodeMain.class.getClassLoader())) {
            ShutdownNotice.run(node.rank(), new NodeRuntime(new NodeConfig(node.comm(), comm, node.protocol(), node.threadsPerNode(),
                    node.jobClass(), loader, node.args(), node.stats()), clientFiles));
        } catch (IOException e) {
            throw new UncheckedIOException("closing the job's class loader", e);
        }
    }

    /** Prints a failure report where the launcher reads it, whatever the job did with {@code System.err}. */
    static void report(String message) {
        if (!ShutdownNotice.shuttingDown()) { // else the node only stops as its JVM ends: the launcher names that
            LauncherStream.get().println(REPORT_PREFIX + message);
        }
    }
}
