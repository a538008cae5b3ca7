package org.jdsm.launch.cluster;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jdsm.comm.CommException;
import org.jdsm.comm.rendezvous.TcpRendezvousServer;
import org.jdsm.launch.ExitCodes;
import org.jdsm.launch.JvmExit;
import org.jdsm.launch.LaunchException;
import org.jdsm.launch.NodeExit;
import org.jdsm.launch.NodeJvm;
import org.jdsm.launch.Supervisor;
import org.jdsm.launch.Verdict;
import org.jdsm.launch.Version;

/**
 * The ClusterManager of the JDSM paper: runs on the gateway for one job, started by the client
 * over its ssh session, with frames on stdin and stdout. It reads the job ({@link Hello}) and its
 * jar, copies the JDSM runtime to nodes that lack it, runs the rendezvous server on the nodes'
 * network, starts a {@link ClusterServer} per rank (ssh or srun), relays output, stdin and file
 * requests, and ends the job as a whole: a failed rank, Ctrl-C on the laptop, a lost laptop or
 * SIGTERM ({@code jdsm kill}) stops every server within seconds.
 */
public final class ClusterManager {

    private static final Duration RENDEZVOUS_TIMEOUT = Duration.ofSeconds(60);
    private static final long STAGE_TIMEOUT_SECONDS = 120;
    /** After an interrupt, how long servers get to stop by themselves before their ssh is killed. */
    private static final long ABORT_GRACE_MILLIS = 1_500;
    /**
     * After the first failed rank, how long the others get to stop on their own: a rank found dead
     * by its silence is found 3 s late ({@link Liveness}), and the whole job must end within 5 s.
     */
    private static final long STOP_GRACE_MILLIS = 1_000;
    /**
     * After an interrupt and the kill, how long the job may take to tell the client before this JVM
     * halts: a client that stopped reading (a laptop asleep) would block that forever. Shorter when
     * the client is gone: there is no one to tell.
     */
    private static final long EXIT_WAIT_MILLIS = 2_000;
    private static final long CLIENT_GONE_EXIT_WAIT_MILLIS = 500;
    /** How long the manager waits at the end for its kills of silent servers on their hosts. */
    private static final long REAP_WAIT_MILLIS = 2_000;
    /** On SIGTERM, how long the shutdown hook waits for the job to wind down and tell the client. */
    private static final long SIGNAL_WAIT_MILLIS = 4_000;

    private final FrameInput fromClient;
    private final FrameOutput toClient;
    private final List<RemoteServer> servers = new CopyOnWriteArrayList<>();
    private final List<Process> reapers = new CopyOnWriteArrayList<>();
    private final List<Frame> earlyStdin = new ArrayList<>();
    private final AtomicReference<String> interrupted = new AtomicReference<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private RemoteServer rankZero;
    private volatile JobRegistry registry;

    private ClusterManager(FrameInput fromClient, FrameOutput toClient) {
        this.fromClient = fromClient;
        this.toClient = toClient;
    }

    /** Runs one job for the client on stdin and stdout, then exits with the job's code. */
    public static void main(String[] argv) {
        FrameOutput frames = new FrameOutput(new FileOutputStream(FileDescriptor.out));
        System.setOut(System.err); // stray prints must not corrupt the frame stream
        ClusterManager manager = new ClusterManager(new FrameInput(System.in), frames);
        Runtime.getRuntime().addShutdownHook(new Thread(manager::stopOnSignal, "jdsm-manager-signal"));
        JvmExit.exit(manager.run());
    }

    private int run() {
        Liveness clientLiveness = null;
        try {
            Hello hello = readHello();
            byte[] jar = expect(FrameType.JAR).payload();
            clientLiveness = new Liveness("client", toClient, silence -> interrupt("lost the client: " + silence, true));
            startClientReader(clientLiveness);
            List<String> rankHosts = rankHosts(hello);
            registry = JobRegistry.register(hello.cluster().remoteDir(), hello.job().jobId(), hello.job().jobClass(),
                    rankHosts);
            NodeLauncher launcher = hello.cluster().slurm() ? NodeLauncher.srun()
                    : NodeLauncher.ssh(hello.cluster().nodeSshConfig());
            String runtime = stageRuntime(launcher, rankHosts, hello.cluster().remoteDir());
            return runServers(hello, jar, rankHosts, launcher, runtime);
        } catch (LaunchException | CommException | UncheckedIOException | IOException e) {
            return finish(ExitCodes.FAILED, List.of("jdsm: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return finish(ExitCodes.INTERRUPTED, List.of());
        } finally {
            servers.forEach(RemoteServer::kill);
            awaitReapers();
            // Whatever ssh or srun is still running (a copy to a node, say) goes too.
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            unregister();
            if (clientLiveness != null) {
                clientLiveness.close();
            }
            done.countDown();
        }
    }

    private Hello readHello() throws IOException {
        Frame frame = expect(FrameType.HELLO);
        String version = Payload.decode(frame.payload()).string();
        if (!version.equals(Version.jdsm())) {
            throw new LaunchException("JDSM version mismatch: the client is " + version + ", the runtime on the gateway is "
                    + Version.jdsm());
        }
        return Hello.decode(frame.payload());
    }

    private Frame expect(FrameType type) throws IOException {
        Frame frame = fromClient.read();
        if (frame == null || frame.type() != type) {
            throw new IOException("expected a " + type + " frame from the client, got " + (frame == null ? "end of stream" : frame.type()));
        }
        return frame;
    }

    private List<String> rankHosts(Hello hello) {
        if (!hello.cluster().slurm()) {
            return Placement.ranks(hello.cluster().hosts(), hello.job().nodes());
        }
        String list = System.getenv("SLURM_JOB_NODELIST");
        if (list == null || list.isBlank()) {
            throw new LaunchException("--slurm: SLURM_JOB_NODELIST is not set on the gateway (is the manager inside an allocation?)");
        }
        return Placement.ranks(SlurmHosts.expand(list), hello.job().nodes());
    }

    /** Makes sure every host has this runtime jar in its cache; returns its path there. */
    private String stageRuntime(NodeLauncher launcher, List<String> rankHosts, String remoteDir) throws IOException {
        Path own = ownJar();
        String cache = remoteDir + "/cache";
        String remote = cache + "/" + own.getFileName();
        byte[] bytes = Files.readAllBytes(own);
        rankHosts.stream().distinct().parallel().forEach(host -> {
            RemoteCommand.Result present = RemoteCommand.run(launcher.command(host, Shell.exists(remote, bytes.length)), new byte[0],
                    STAGE_TIMEOUT_SECONDS);
            if (present.code() == 0) {
                return;
            }
            if (present.code() != 1) {
                throw new LaunchException("cannot reach node " + host + " from the gateway: " + present.lastLine());
            }
            info("copying the JDSM runtime (" + bytes.length / 1024 + " KiB) to " + host);
            RemoteCommand.Result stored = RemoteCommand.run(launcher.command(host, Shell.store(cache,
                    own.getFileName().toString(), bytes.length)), bytes, STAGE_TIMEOUT_SECONDS);
            if (stored.code() != 0) {
                throw new LaunchException("cannot copy the JDSM runtime to " + host + ": " + stored.lastLine());
            }
        });
        return remote;
    }

    private int runServers(Hello hello, byte[] jar, List<String> rankHosts, NodeLauncher launcher, String runtime)
            throws InterruptedException {
        String bind = hello.cluster().gatewayAddress().isEmpty() ? RouteProbe.localAddressToward(rankHosts.get(0))
                : hello.cluster().gatewayAddress();
        try (TcpRendezvousServer rendezvous = TcpRendezvousServer.start(bind, rankHosts.size(), hello.job().jobId(),
                hello.secret(), RENDEZVOUS_TIMEOUT)) {
            info("job " + hello.job().jobId() + ": " + IntStream.range(0, rankHosts.size())
                    .mapToObj(r -> "rank " + r + " on " + rankHosts.get(r)).collect(Collectors.joining(", ")));
            String command = serverCommand(hello, runtime);
            for (int rank = 0; rank < rankHosts.size() && interrupted.get() == null; rank++) {
                String host = rankHosts.get(rank);
                ServerStart start = new ServerStart(Version.jdsm(), hello.secret(), rendezvous.address(),
                        hello.job().withRank(rank));
                RemoteServer server = RemoteServer.start(host, launcher.command(host, command), start, jar,
                        hello.cluster().remoteJava(), toClient, () -> reap(launcher, host, hello.job().jobId()));
                servers.add(server);
                if (rank == 0) {
                    attachRankZero(server);
                }
            }
            List<NodeExit> exits = Supervisor.await(servers, STOP_GRACE_MILLIS);
            if (interrupted.get() != null) {
                return finish(ExitCodes.INTERRUPTED, List.of());
            }
            Verdict verdict = new Verdict(exits);
            return finish(verdict.exitCode(), verdict.summary());
        }
    }

    /**
     * Kills this job's servers on {@code host}, in the background: one that went silent may be hung
     * or stopped (SIGSTOP), and then the end of its ssh does not end it. Best effort: a host that
     * is down cannot be reached, and has nothing running either.
     */
    private void reap(NodeLauncher launcher, String host, String jobId) {
        // [-] keeps the pattern from matching the command line of the shell that runs pkill; the
        // class keeps it from matching this manager, should the gateway be one of the hosts.
        String pattern = "[-]Djdsm\\.job=" + jobId + " .*" + ClusterServer.class.getName();
        try {
            reapers.add(new ProcessBuilder(launcher.command(host, "pkill -KILL -f " + Shell.quote(pattern)))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        } catch (IOException e) {
            // No ssh to run it with: the servers' ends are all that is left to try.
        }
    }

    /** Lets the reapers finish, for at most {@link #REAP_WAIT_MILLIS} in all. */
    private void awaitReapers() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REAP_WAIT_MILLIS);
        for (Process reaper : reapers) {
            try {
                reaper.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * The shell command that starts a Server JVM from the runtime jar at {@code runtime}; with
     * {@link Hello#instrument()}, that jar is also the {@code -javaagent} (as {@code jdsm run --instrument}).
     */
    static String serverCommand(Hello hello, String runtime) {
        List<String> options = new ArrayList<>(NodeJvm.portableOptions());
        options.addAll(hello.jvmArgs());
        return javaCommand(hello.cluster().remoteJava(), options, hello.job().jobId(), runtime, hello.instrument(),
                ClusterServer.class);
    }

    /**
     * The shell command that the client runs on the gateway to start the manager of {@code jobId};
     * with {@code slurmNodes} above 0 inside a new Slurm allocation of that many nodes.
     */
    public static String command(String remoteJava, String runtime, String jobId, int slurmNodes) {
        String java = javaCommand(remoteJava, List.of(), jobId, runtime, false, ClusterManager.class);
        return slurmNodes > 0 ? java.replaceFirst("^exec ", "exec salloc --quiet --nodes=" + slurmNodes + " ") : java;
    }

    /** With {@code agent}, the runtime jar is also the JVM's {@code -javaagent}. */
    private static String javaCommand(String java, List<String> options, String jobId, String runtime, boolean agent,
            Class<?> main) {
        List<String> words = new ArrayList<>(List.of(java,
                "-XX:+DisplayVMOutputToStderr", // the JVM's own messages must not corrupt the frames on stdout
                "-Djdsm.job=" + jobId)); // names the job's processes in ps
        words.addAll(options);
        // The agent's path is the runtime's, whose ~ only the shell expands: one word, partly quoted.
        String javaagent = agent ? " " + Shell.quote("-javaagent:") + Shell.path(runtime) : "";
        // exec: the shell gives way to the JVM, so that no shell is left behind.
        return "exec " + Shell.words(words) + javaagent + " -cp " + Shell.path(runtime) + " " + Shell.quote(main.getName());
    }

    private void startClientReader(Liveness liveness) {
        Thread reader = new Thread(() -> {
            try {
                for (Frame frame = fromClient.read(); frame != null; frame = fromClient.read()) {
                    liveness.heard();
                    Frame received = frame;
                    // Stdin waits for rank 0 to take it: that is not the client's silence.
                    liveness.delivering(() -> fromClient(received));
                }
                interrupt("lost the client (its connection closed)", true);
            } catch (IOException e) {
                interrupt("lost the client: " + e.getMessage(), true);
            }
        }, "jdsm-client-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void fromClient(Frame frame) throws IOException {
        switch (frame.type()) {
            case STDIN, STDIN_END -> stdin(frame);
            case FILE_REPLY -> {
                int rank = FileReply.decode(frame.payload()).rank();
                if (rank >= 0 && rank < servers.size()) {
                    servers.get(rank).send(frame);
                }
            }
            case ABORT -> interrupt(Payload.text(frame.payload()), false);
            default -> {
                // BEAT: liveness only.
            }
        }
    }

    /** Stdin goes to rank 0; what comes before rank 0's server is started waits for it. */
    private synchronized void stdin(Frame frame) {
        if (rankZero == null) {
            earlyStdin.add(frame);
        } else {
            rankZero.send(frame);
        }
    }

    private synchronized void attachRankZero(RemoteServer server) {
        rankZero = server;
        earlyStdin.forEach(server::send);
        earlyStdin.clear();
    }

    /**
     * Stops the job for {@code reason}: servers are told at once and their ssh killed shortly after
     * (at once if {@code clientGone}: no one waits for their last words). If the job's end still
     * cannot be told to the client after that, the client stopped reading, and this JVM halts.
     */
    private void interrupt(String reason, boolean clientGone) {
        if (!interrupted.compareAndSet(null, reason)) {
            return;
        }
        servers.forEach(s -> s.abort(reason));
        Thread killer = new Thread(() -> {
            try {
                Thread.sleep(clientGone ? 0 : ABORT_GRACE_MILLIS);
                servers.forEach(RemoteServer::kill);
                ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
                if (!done.await(clientGone ? CLIENT_GONE_EXIT_WAIT_MILLIS : EXIT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    unregister();
                    Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jdsm-abort");
        killer.setDaemon(true);
        killer.start();
    }

    /** Shutdown hook: SIGTERM ({@code jdsm kill}) or SIGHUP stops the job, and the client hears why. */
    private void stopOnSignal() {
        interrupt("stopped on the gateway (jdsm kill or a signal)", false);
        try {
            done.await(SIGNAL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void unregister() {
        JobRegistry job = registry;
        if (job != null) {
            job.remove();
        }
    }

    /** Tells the client how the job ended; an interrupted job ends with {@link ExitCodes#INTERRUPTED} and why. */
    private int finish(int code, List<String> lines) {
        String reason = interrupted.get();
        int finalCode = reason != null ? ExitCodes.INTERRUPTED : code;
        List<String> finalLines = reason != null ? List.of("jdsm: job interrupted: " + reason) : lines;
        toClient.trySend(FrameType.EXIT, new Exit(finalCode, finalLines).encode());
        return finalCode;
    }

    private void info(String text) {
        toClient.trySend(FrameType.INFO, Payload.text(text));
    }

    private static Path ownJar() {
        try {
            return Path.of(ClusterManager.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new LaunchException("cannot locate the JDSM runtime jar: " + e.getMessage(), e);
        }
    }
}
