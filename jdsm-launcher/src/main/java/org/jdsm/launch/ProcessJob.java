package org.jdsm.launch;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jdsm.comm.rendezvous.TcpRendezvousServer;

/**
 * Runs a job as one JVM per node on this machine. Starts a rendezvous server on loopback, starts the
 * node JVMs with the job's secret in their environment, streams their output prefixed with the
 * rank, and ends the job as soon as it has failed ({@link Supervisor}). A shutdown hook (Ctrl-C) kills
 * every node.
 */
final class ProcessJob {

    private static final Duration RENDEZVOUS_TIMEOUT = Duration.ofSeconds(60);
    /** On Ctrl-C, how long the nodes get between SIGTERM and SIGKILL. */
    private static final long TERMINATE_GRACE_MILLIS = 2_000;

    private final JobSpec spec;
    /** Rank r runs the java at r modulo their number. */
    private final List<NodeJava> javas;
    private final JobClassPath classPath;
    private final PrintStream out;
    private final PrintStream err;
    private final List<NodeProcess> nodes = new CopyOnWriteArrayList<>();
    private volatile boolean interrupted;

    ProcessJob(JobSpec spec, List<NodeJava> javas, JobClassPath classPath, PrintStream out, PrintStream err) {
        this.spec = spec;
        this.javas = List.copyOf(javas);
        this.classPath = classPath;
        this.out = out;
        this.err = err;
    }

    /** Runs the job to the end and returns its exit code. */
    int run() throws InterruptedException {
        byte[] secret = NodeEnv.newSecret();
        String jobId = "local-" + UUID.randomUUID();
        Thread hook = new Thread(this::interrupt, "jdsm-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (TcpRendezvousServer rendezvous = TcpRendezvousServer.start("127.0.0.1", spec.nodes(), jobId, secret,
                RENDEZVOUS_TIMEOUT)) {
            for (int rank = 0; rank < spec.nodes(); rank++) {
                ProcessBuilder builder = new ProcessBuilder(command(rank, jobId));
                NodeEnv.put(builder.environment(), secret, rendezvous.address());
                // Rank 0 reads our stdin, as the ranks' output comes to our stdout.
                builder.redirectInput(rank == 0 ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
                nodes.add(NodeProcess.start(rank, builder, out, err));
            }
            return supervise();
        } finally {
            nodes.forEach(NodeProcess::kill);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or has run: it owns the nodes now.
            }
        }
    }

    private int supervise() throws InterruptedException {
        List<NodeExit> exits = Supervisor.await(nodes);
        if (interrupted) {
            return ExitCodes.INTERRUPTED;
        }
        Verdict verdict = new Verdict(exits);
        verdict.summary().forEach(err::println);
        return verdict.exitCode();
    }

    /** Shutdown hook: stops every node still running, politely first. */
    private void interrupt() {
        List<NodeProcess> alive = nodes.stream().filter(NodeProcess::isAlive).collect(Collectors.toList());
        if (alive.isEmpty()) {
            return;
        }
        interrupted = true;
        err.println("jdsm: interrupted; stopping " + alive.size() + " node JVM(s)");
        alive.forEach(NodeProcess::terminate);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TERMINATE_GRACE_MILLIS);
        try {
            for (NodeProcess node : alive) {
                node.awaitExit(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        alive.forEach(NodeProcess::kill);
    }

    private List<String> command(int rank, String jobId) {
        return NodeJvm.command(javas.get(rank % javas.size()), spec.jvmArgs(), new NodeArgs(rank, spec.nodes(), spec.threadsPerNode(), spec.protocol(),
                spec.comm(), jobId, classPath.path(), spec.jobClass(), spec.stats(), ProcessHandle.current().pid(),
                spec.args()));
    }
}
