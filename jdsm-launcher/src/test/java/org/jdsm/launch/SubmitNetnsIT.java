package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jdsm.comm.Comms;
import org.jdsm.launch.joblib.Library;
import org.jdsm.launch.jobs.UsesLibrary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code jdsm submit} on a real cluster made of network namespaces (netns-cluster.sh): a laptop
 * that reaches only the gateway's ssh port, a gateway with real sshd, three nodes with real sshd
 * on a private network behind it. Every address exists only inside these namespaces. Needs root
 * and {@code ip netns}; skipped otherwise. Runs the laptop's side as {@code ip netns exec jdsm-lap
 * bin/jdsm submit ...}, as a user would.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SubmitNetnsIT {

    private static final String LAPTOP = "jdsm-lap";
    private static final String GATEWAY = "root@10.213.0.1";
    private static final List<String> NODES = List.of("10.213.1.11", "10.213.1.12", "10.213.1.13");
    private static final Path DIR = Path.of(System.getProperty("java.io.tmpdir"), "jdsm-netns-it");
    private static final Path SCRIPT = Path.of(System.getProperty("jdsm.test.classes", "target/test-classes"),
            "netns-cluster.sh").toAbsolutePath();
    private static final String SAMPLES = JdsmProcess.ROOT.resolve("samples/target/jdsm-samples.jar").toString();
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(150);
    /** The bound for ending a whole job after a failure, Ctrl-C or a lost connection. */
    private static final Duration ENDS_WITHIN = Duration.ofSeconds(5);

    private static Path work;
    private static Path jobsJar;

    @BeforeAll
    static void buildCluster() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "skipped: building network namespaces needs root");
        assumeTrue(succeeds("ip", "netns", "list"), "skipped: 'ip netns' is not available (install iproute2)");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")) && Files.isExecutable(Path.of("/usr/bin/ssh"))
                && Files.isExecutable(Path.of("/usr/bin/ssh-keygen")), "skipped: needs openssh-server and openssh-client");
        assertEquals(0, script("up"), "netns-cluster.sh up failed");
        work = Files.createDirectories(DIR.resolve("work"));
        Files.write(DIR.resolve("hosts"), NODES);
        jobsJar = jarOfTestJobs(DIR.resolve("test-jobs.jar"));
        // One config file for the cluster options, as a user would keep in ~/.jdsm/config.
        Files.write(DIR.resolve("config"), List.of("cluster=" + GATEWAY, "identity=" + DIR.resolve("id_laptop"),
                "known-hosts=" + DIR.resolve("known_hosts_laptop"), "hosts=" + DIR.resolve("hosts"),
                "remote-dir=" + DIR.resolve("remote"), "node-ssh-config=" + DIR.resolve("ssh_config_nodes"),
                "remote-java=" + Path.of(System.getProperty("java.home"), "bin", "java")));
    }

    @AfterAll
    static void removeCluster() throws Exception {
        if (Files.isDirectory(DIR)) {
            script("down");
            try (Stream<Path> files = Files.walk(DIR)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @AfterEach
    void noJdsmProcessIsLeft() throws InterruptedException {
        List<String> left = jdsmProcesses(ENDS_WITHIN);
        jdsmProcesses(Duration.ZERO).forEach(line -> killQuietly(line)); // a failed test must not spoil the next
        assertTrue(left.isEmpty(), "JDSM processes left behind: " + left);
    }

    @Test
    void vecMulOnThreeNodesPrintsEveryRankAndExitsZero() throws Exception {
        try (JdsmProcess jdsm = submit("-n", "3", "-t", "2", SAMPLES, "org.jdsm.samples.VecMul", "30000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 3; rank++) {
                assertTrue(jdsm.stdout().contains("[" + rank + "] VecMul PASS: node " + rank + " checked all 30,000"),
                        jdsm.transcript());
            }
            assertTrue(jdsm.stderr().contains("rank 0 on 10.213.1.11, rank 1 on 10.213.1.12, rank 2 on 10.213.1.13"),
                    jdsm.transcript());
        }
    }

    @Test
    void vecMulRunsOverUcxBetweenTheNodes() throws Exception {
        String ucx = Comms.unavailableReason("ucx");
        assumeTrue(ucx == null, "skipped: " + ucx);
        try (JdsmProcess jdsm = submit("-n", "3", "-t", "2", "--comm", "ucx", "--jvm-arg=-Djdsm.ucx.config.TLS=tcp",
                SAMPLES, "org.jdsm.samples.VecMul", "30000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 3; rank++) {
                assertTrue(jdsm.stdout().contains("[" + rank + "] VecMul PASS: node " + rank + " checked all 30,000"),
                        jdsm.transcript());
            }
        }
        // The ranks do run UcxComm: a shim that is not where --jvm-arg says fails the job, naming the file.
        try (JdsmProcess jdsm = submit("-n", "2", "--comm", "ucx", "--jvm-arg=-Djdsm.ucx.library=/opt/no-such/libjdsmucx.so",
                jobsJar.toString(), "org.jdsm.launch.jobs.Sleeper")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("UcxComm is unavailable: ") && jdsm.stderr().contains(
                    "/opt/no-such/libjdsmucx.so"), jdsm.transcript());
        }
    }

    @Test
    void plainCodeJobRunsInstrumentedOnEveryServer() throws Exception {
        try (JdsmProcess jdsm = submit("-n", "3", "-t", "2", "--instrument", SAMPLES, "org.jdsm.samples.plain.VecMul",
                "30000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 3; rank++) {
                assertTrue(jdsm.stdout().contains("[" + rank + "] VecMul (plain code) PASS: node " + rank),
                        jdsm.transcript());
            }
        }
        try (JdsmProcess jdsm = submit("-n", "3", SAMPLES, "org.jdsm.samples.plain.VecMul", "30000")) {
            assertNotEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("was the job run with --instrument?"), jdsm.transcript());
        }
    }

    @Test
    void jobReadsAnInputFileFromTheLaptopAndWritesItsResultBack() throws Exception {
        Files.write(work.resolve("input.txt"), List.of("1", "2", "3", "4"));
        Files.writeString(DIR.resolve("outside.txt"), "not for the job");
        Files.deleteIfExists(work.resolve("result.txt"));
        try (JdsmProcess jdsm = submit("-n", "3", jobsJar.toString(), "org.jdsm.launch.jobs.ClientFilesJob",
                "input.txt", "result.txt")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertEquals("sum=10\n", Files.readString(work.resolve("result.txt")));
            for (int rank = 0; rank < 3; rank++) {
                assertTrue(jdsm.stdout().contains("[" + rank + "] rank " + rank + " read 4 numbers"), jdsm.transcript());
            }
            assertTrue(jdsm.stdout().contains("[0] refused: cannot read client file ../outside.txt"), jdsm.transcript());
        }
    }

    /**
     * A job that redirects or closes {@code System.err} on a rank, or leaves a line unfinished
     * there, still has a failure named with its cause, as under {@code jdsm run}: the report went
     * into the job's file, nowhere, or the end of the job's line, and the summary said only "rank 1
     * on 10.213.1.12 exited with code 1".
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"redirect", "close", "unfinished"})
    void aJobTakingSystemErrLeavesTheManagerItsServersWord(String how) throws Exception {
        try (JdsmProcess jdsm = submit("-n", "2", "-t", "1", jobsJar.toString(), "org.jdsm.launch.jobs.TakesStderr", how)) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
        }
        try (JdsmProcess jdsm = submit("-n", "2", "-t", "1", jobsJar.toString(), "org.jdsm.launch.jobs.TakesStderr", how,
                "fail")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.lastStderrLine().startsWith("jdsm: job failed: rank 1 on 10.213.1.12 exited with code 1: node 1 "
                    + "failed in start() on thread 1: java.lang.IllegalStateException: planned failure with System.err taken"),
                    jdsm.transcript());
            assertTrue(jdsm.stderr().contains("\n[1] jdsm: node 1 failed in start()"), "a report line of its own\n"
                    + jdsm.transcript());
        }
    }

    /**
     * A Server whose heap is full for good cannot even report its failure; the summary names the
     * OutOfMemoryError as {@code jdsm run}'s does, where it said "ended without a report ... (the
     * job called System.exit, or the JVM failed)".
     */
    @Test
    void aServerWithNoHeapLeftToReportItsFailureIsNamedWithTheError() throws Exception {
        try (JdsmProcess jdsm = submit("--jvm-arg=-Xmx64m", "-n", "2", "-t", "1", jobsJar.toString(),
                "org.jdsm.launch.jobs.FillsItsHeap")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.lastStderrLine().startsWith("jdsm: job failed: rank 1 on 10.213.1.12 exited with code 1: "
                    + "java.lang.OutOfMemoryError"), jdsm.transcript());
            assertTrue(jdsm.lastStderrLine().endsWith(NodeLastWords.HEAP_ADVICE), jdsm.transcript());
        }
    }

    /**
     * A rank whose JVM is held in its shutdown by a slow hook of the job (after the job's
     * {@code System.exit}) stops the others at once and is gone with the job, as under
     * {@code jdsm run}: its Server outlived the job by 5 s, waiting to exit in a shutdown already under way.
     * The summary names it and its System.exit: it named rank 0, which had only stopped because of it.
     */
    @Test
    void aRankHeldInItsShutdownStopsTheOthersAndGoesWithTheJob() throws Exception {
        try (JdsmProcess jdsm = submit("-n", "2", "-t", "1", jobsJar.toString(), "org.jdsm.launch.jobs.ExitWithSlowHook")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("[0] jdsm: job stopped because node 1's JVM is shutting down before the job "
                    + "ended (System.exit in the job, or a signal)"), jdsm.transcript());
            // The rank that shut down is blamed, as under jdsm run, not rank 0 that it stopped.
            assertTrue(jdsm.stderr().contains("jdsm: job failed: rank 1 on 10.213.1.12 was stopped during its JVM's shutdown: "
                    + "node 1 called System.exit at org.jdsm.launch.jobs.ExitWithSlowHook.start(ExitWithSlowHook.java:22)"),
                    jdsm.transcript());
            assertEquals("jdsm: killed rank(s) 1 that did not stop by themselves", jdsm.lastStderrLine(), jdsm.transcript());
            List<String> left = jdsmProcesses(Duration.ofSeconds(2));
            assertTrue(left.isEmpty(), "left after the job ended: " + left + "\n" + jdsm.transcript());
        }
    }

    @Test
    void sigkilledServerEndsTheWholeJobNamingRankHostAndCause() throws Exception {
        try (JdsmProcess jdsm = submitSleeper()) {
            ProcessHandle server = serverIn("jdsm-n2");
            server.destroyForcibly(); // SIGKILL
            long killed = System.nanoTime();
            int code = jdsm.waitFor(JOB_TIMEOUT);
            assertTrue(System.nanoTime() - killed < ENDS_WITHIN.toNanos(), "the job took too long to end\n" + jdsm.transcript());
            assertTrue(code != 0, jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm: job failed: rank 1 on 10.213.1.12 exited with code"), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("the Server on 10.213.1.12 ended without a report"), jdsm.transcript());
        }
    }

    @Test
    void sigintOnTheLaptopStopsEveryProcessOfTheJob() throws Exception {
        try (JdsmProcess jdsm = submitSleeper()) {
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(jdsm.pid())).start().waitFor());
            long interrupted = System.nanoTime();
            assertEquals(ExitCodes.INTERRUPTED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(System.nanoTime() - interrupted < ENDS_WITHIN.toNanos(), "took too long\n" + jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm: job interrupted: interrupted on the laptop (Ctrl-C)"), jdsm.transcript());
        }
    }

    @Test
    void sigintWhileTheRuntimeIsSentSaysThatNoJobStarted() throws Exception {
        // An empty runtime cache and a slow link to the gateway: sending the runtime takes seconds.
        Path cache = DIR.resolve("remote-interrupted/cache");
        assertEquals(0, run("ip", "netns", "exec", LAPTOP, "tc", "qdisc", "add", "dev", "jdsmlap0", "root", "tbf",
                "rate", "2mbit", "burst", "32kbit", "latency", "400ms"));
        try (JdsmProcess jdsm = submit("--remote-dir", cache.getParent().toString(), "-n", "1", jobsJar.toString(),
                "org.jdsm.launch.jobs.Sleeper")) {
            jdsm.awaitStderr("jdsm: uploading the JDSM runtime", JOB_TIMEOUT);
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(jdsm.pid())).start().waitFor());
            assertEquals(ExitCodes.INTERRUPTED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm: interrupted while connecting to the gateway or sending the runtime; "
                    + "no job was started"), jdsm.transcript());
            // The gateway drops the part it got once the connection is gone: no jar in the cache, whole or partial.
            awaitText(() -> String.join(" ", list(cache)), "", ENDS_WITHIN);
        } finally {
            run("ip", "netns", "exec", LAPTOP, "tc", "qdisc", "del", "dev", "jdsmlap0", "root");
        }
    }

    @Test
    void laptopLinkThatDiesEndsTheJobOnTheCluster() throws Exception {
        try (JdsmProcess jdsm = submitSleeper()) {
            assertEquals(0, run("ip", "netns", "exec", LAPTOP, "ip", "link", "set", "jdsmlap0", "down"));
            try {
                long cut = System.nanoTime();
                List<String> left = jdsmProcesses(ENDS_WITHIN);
                assertTrue(left.isEmpty(), "still running " + (System.nanoTime() - cut) / 1_000_000 + " ms after the cut: " + left);
                assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
                assertTrue(jdsm.stderr().contains("jdsm: job failed: the gateway went silent"), jdsm.transcript());
            } finally {
                run("ip", "netns", "exec", LAPTOP, "ip", "link", "set", "jdsmlap0", "up");
            }
        }
    }

    /**
     * Nodes 0 and 2 stop hearing each other while both still reach the gateway (a broken link on the
     * nodes' network): each side's peer watch names the other within the peer timeout, and the job
     * ends instead of waiting for ever at its last barrier.
     */
    @Test
    void aLinkBetweenTwoNodesThatDiesEndsTheJobNamingTheSilentNode() throws Exception {
        int peerTimeoutSeconds = 3;
        try (JdsmProcess jdsm = submit("-n", "3", "--jvm-arg=-Djdsm.peer.timeoutSeconds=" + peerTimeoutSeconds,
                jobsJar.toString(), "org.jdsm.launch.jobs.Sleeper")) {
            for (int rank = 0; rank < 3; rank++) {
                jdsm.awaitStdout("[" + rank + "] rank " + rank + " ready", JOB_TIMEOUT);
            }
            assertEquals(0, iptables("-A", "INPUT", "-s", NODES.get(0), "-j", "DROP"));
            assertEquals(0, iptables("-A", "OUTPUT", "-d", NODES.get(0), "-j", "DROP"));
            try {
                long cutAt = System.nanoTime();
                assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
                long tookMillis = (System.nanoTime() - cutAt) / 1_000_000;
                assertTrue(tookMillis < peerTimeoutSeconds * 1000L + ENDS_WITHIN.toMillis(),
                        "ended " + tookMillis + " ms after the cut\n" + jdsm.transcript());
                assertTrue(jdsm.stderr().matches("(?s).*jdsm: job failed: rank \\d on 10\\.213\\.1\\.1\\d [^\n]*job stopped "
                        + "because node ([02]) is unreachable: no message from node \\1 for .*"), jdsm.transcript());
            } finally {
                iptables("-D", "INPUT", "-s", NODES.get(0), "-j", "DROP");
                iptables("-D", "OUTPUT", "-d", NODES.get(0), "-j", "DROP");
            }
        }
    }

    /** Runs iptables with {@code args} in node 2's namespace (jdsm-n3); its exit code. */
    private static int iptables(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", "jdsm-n3", "iptables"));
        command.addAll(List.of(args));
        return run(command.toArray(new String[0]));
    }

    @Test
    void statusListsTheJobAndKillStopsIt() throws Exception {
        try (JdsmProcess jdsm = submitSleeper()) {
            String jobId = jdsm.stderr().replaceFirst("(?s).*jdsm: job (job-[0-9a-f-]+):.*", "$1");
            try (JdsmProcess status = command("status")) {
                assertEquals(0, status.waitFor(JOB_TIMEOUT), status.transcript());
                assertTrue(status.stdout().contains("job=" + jobId) && status.stdout().contains("ranks=3"), status.transcript());
            }
            try (JdsmProcess kill = command("kill", jobId)) {
                assertEquals(0, kill.waitFor(JOB_TIMEOUT), kill.transcript());
            }
            assertEquals(ExitCodes.INTERRUPTED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm: job interrupted: stopped on the gateway"), jdsm.transcript());
        }
    }

    @Test
    void unknownHostKeyIsRefusedWithAClearMessage() throws Exception {
        Path empty = Files.writeString(DIR.resolve("known_hosts_empty"), "");
        assertRefused("unknown host key: 10.213.0.1:22 is not in " + empty, "--known-hosts", empty.toString());
    }

    @Test
    void changedHostKeyIsRefusedWithAClearMessage() throws Exception {
        String otherKey = Files.readString(DIR.resolve("host_nodes.pub")).split(" ")[1];
        Path wrong = Files.writeString(DIR.resolve("known_hosts_wrong"), "10.213.0.1 ssh-ed25519 " + otherKey + "\n");
        assertRefused("HOST KEY MISMATCH for 10.213.0.1:22", "--known-hosts", wrong.toString());
    }

    @Test
    void keyTheGatewayDoesNotKnowIsAnAuthenticationFailure() throws Exception {
        assertRefused("authentication failed for root@10.213.0.1", "--identity", DIR.resolve("id_stranger").toString());
    }

    @Test
    void keyWithAPassphraseAndNoTerminalIsNamed() throws Exception {
        Path key = DIR.resolve("id_sealed");
        if (!Files.exists(key)) {
            assertEquals(0, run("ssh-keygen", "-q", "-t", "ed25519", "-N", "a passphrase", "-f", key.toString()));
            Files.writeString(DIR.resolve("authorized_gateway"), Files.readString(DIR.resolve("id_sealed.pub")),
                    java.nio.file.StandardOpenOption.APPEND);
        }
        assertRefused("authentication failed for root@10.213.0.1: the key " + key + " needs its passphrase and there is "
                + "no terminal to ask for it; add it to the ssh-agent (ssh-add " + key + ")", "--identity", key.toString());
    }

    @Test
    void gatewayWithoutARouteIsNamedAsUnreachable() throws Exception {
        // A node's address given as the gateway: the laptop has no route to the private network.
        assertRefused("cannot reach the gateway 10.213.1.11:22: Network is unreachable", "--cluster", "root@10.213.1.11");
    }

    @Test
    void gatewayNameThatDoesNotResolveIsNamed() throws Exception {
        // Resolved inside the laptop's namespace, which has no route out: no query leaves it.
        assertRefused("unknown gateway host gateway.jdsm.invalid", "--cluster", "root@gateway.jdsm.invalid");
    }

    @Test
    void remoteDirectoryThatCannotBeMadeIsNamed() throws Exception {
        // Under a plain file: mkdir on the gateway fails at once, while the runtime is still being sent.
        String remote = DIR.resolve("hosts").resolve("jdsm").toString();
        try (JdsmProcess jdsm = submit("--remote-dir", remote, "-n", "1", jobsJar.toString(), "org.jdsm.launch.jobs.Sleeper")) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm submit: cannot store the runtime on root@10.213.0.1: mkdir: cannot create "
                    + "directory"), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("Not a directory"), jdsm.transcript());
        }
    }

    @Test
    void unreachableNodeIsNamed() throws Exception {
        // The gateway's own address on the private network: it exists, but no sshd listens there.
        Path hosts = Files.write(DIR.resolve("hosts_unreachable"), List.of("10.213.1.11", "10.213.1.1"));
        try (JdsmProcess jdsm = submit("--hosts", hosts.toString(), "-n", "2", jobsJar.toString(),
                "org.jdsm.launch.jobs.Sleeper")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm: cannot reach node 10.213.1.1 from the gateway: ssh: connect to host "
                    + "10.213.1.1 port 22: Connection refused"), jdsm.transcript());
        }
    }

    @Test
    void missingJavaOnTheNodesIsNamed() throws Exception {
        try (JdsmProcess jdsm = submit("--remote-java", "/opt/no-such-jdk/bin/java", "-n", "1", jobsJar.toString(),
                "org.jdsm.launch.jobs.Sleeper")) {
            assertTrue(jdsm.waitFor(JOB_TIMEOUT) != 0, jdsm.transcript());
            assertTrue(jdsm.stderr().contains("no java on 10.213.0.1: '/opt/no-such-jdk/bin/java' not found"), jdsm.transcript());
        }
    }

    @Test
    void jarsNamedByTheJobJarsManifestClassPathGoAlong() throws Exception {
        Path job = TestJars.write(DIR.resolve("app/job.jar"), "lib/library.jar", UsesLibrary.class);
        TestJars.write(DIR.resolve("app/lib/library.jar"), null, Library.class);
        try (JdsmProcess jdsm = submit("-n", "2", job.toString(), UsesLibrary.class.getName())) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("[1] rank 1 reached the library"), jdsm.transcript());
        }
    }

    @Test
    void classMissingFromTheJobJarIsFoundBeforeConnecting() throws Exception {
        try (JdsmProcess jdsm = submit("-n", "3", jobsJar.toString(), "Sleeper")) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm submit: class Sleeper not found in " + jobsJar
                    + "; did you mean org.jdsm.launch.jobs.Sleeper?"), jdsm.transcript());
        }
    }

    @Test
    void outputThatIsNotReadForSecondsOnlyPausesTheJob() throws Exception {
        // As 'jdsm submit ... | less' while nobody scrolls: flow control, not a dead gateway.
        Process jdsm = rawSubmit(ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.PIPE, "-n", "2",
                jobsJar.toString(), "org.jdsm.launch.jobs.Chatty", "100000");
        try (var out = jdsm.getInputStream()) {
            long lines = countLines(out, 64 * 1024);
            Thread.sleep(8_000); // well past the 3 s of silence that end a job
            lines += countLines(out, Long.MAX_VALUE);
            assertTrue(jdsm.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            assertEquals(0, jdsm.exitValue(), rawStderr());
            assertEquals(200_000, lines, rawStderr());
        } finally {
            jdsm.destroyForcibly();
        }
    }

    @Test
    void stdinThatRankZeroReadsLateArrivesWhole() throws Exception {
        // Far more than the pipes on the way hold, read only after a pause longer than the silence bound.
        Path input = DIR.resolve("stdin.txt");
        Files.write(input, Stream.iterate(0, i -> i + 1).limit(200_000).map(i -> "input line " + i + " " + "y".repeat(50))
                .collect(Collectors.toList()));
        long chars = Files.lines(input).mapToLong(String::length).sum();
        Path output = DIR.resolve("stdout.txt");
        Process jdsm = rawSubmit(ProcessBuilder.Redirect.from(input.toFile()), ProcessBuilder.Redirect.to(output.toFile()),
                "-n", "2", jobsJar.toString(), "org.jdsm.launch.jobs.CountsStdin", "5000");
        try {
            assertTrue(jdsm.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            assertEquals(0, jdsm.exitValue(), rawStderr());
            assertTrue(Files.readString(output).contains("[0] stdin: 200000 lines, " + chars + " characters"),
                    Files.readString(output) + rawStderr());
        } finally {
            jdsm.destroyForcibly();
        }
    }

    @Test
    void frozenLaptopDuringOutputEndsTheJobOnTheCluster() throws Exception {
        // A laptop put to sleep mid-job: its connection stays up, it just stops reading and beating.
        Process jdsm = rawSubmit(ProcessBuilder.Redirect.PIPE, ProcessBuilder.Redirect.DISCARD, "-n", "3",
                jobsJar.toString(), "org.jdsm.launch.jobs.Chatty");
        try {
            awaitText(() -> Files.readString(DIR.resolve("stderr.txt")), "rank 2 on 10.213.1.13", JOB_TIMEOUT);
            Thread.sleep(2_000); // output flowing
            assertEquals(0, run("kill", "-STOP", Long.toString(jdsm.pid())));
            long frozen = System.nanoTime();
            // The laptop's 3 s of silence, then the bound for ending the job.
            List<String> left = jdsmProcesses(Duration.ofSeconds(3).plus(ENDS_WITHIN));
            assertTrue(left.isEmpty(), "still running " + (System.nanoTime() - frozen) / 1_000_000 + " ms after the laptop "
                    + "froze: " + left + "\n" + rawStderr());
            run("kill", "-CONT", Long.toString(jdsm.pid()));
            assertTrue(jdsm.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            assertEquals(ExitCodes.FAILED, jdsm.exitValue(), rawStderr());
            assertTrue(!rawStderr().contains("went silent (no sign") && !rawStderr().contains("Server on"),
                    "a rank was blamed for the laptop's sleep\n" + rawStderr());
        } finally {
            run("kill", "-CONT", Long.toString(jdsm.pid()));
            jdsm.destroyForcibly();
        }
    }

    @Test
    void stoppedServerEndsTheJobWithinTheBound() throws Exception {
        try (JdsmProcess jdsm = submitSleeper()) {
            ProcessHandle server = serverIn("jdsm-n2");
            assertEquals(0, run("kill", "-STOP", Long.toString(server.pid()))); // hung: no RST, no end of stream
            long stopped = System.nanoTime();
            try {
                int code = jdsm.waitFor(JOB_TIMEOUT);
                long took = System.nanoTime() - stopped;
                assertEquals(ExitCodes.FAILED, code, jdsm.transcript());
                assertTrue(jdsm.stderr().contains("jdsm: job failed: rank 1 on 10.213.1.12 exited with code 137: the Server on "
                        + "10.213.1.12 went silent"), jdsm.transcript());
                assertTrue(took < ENDS_WITHIN.toNanos(), "the job took " + took / 1_000_000 + " ms to end\n" + jdsm.transcript());
                // Still stopped, it would never see the end of its ssh: it must be killed on its host.
                long deadline = System.nanoTime() + ENDS_WITHIN.toNanos();
                while (server.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertTrue(!server.isAlive(), "the stopped Server is left on jdsm-n2\n" + jdsm.transcript());
            } finally {
                run("kill", "-CONT", Long.toString(server.pid())); // if still there: its manager is gone, it ends now
            }
        }
    }

    private static JdsmProcess submitSleeper() throws Exception {
        JdsmProcess jdsm = submit("-n", "3", jobsJar.toString(), "org.jdsm.launch.jobs.Sleeper");
        for (int rank = 0; rank < 3; rank++) {
            jdsm.awaitStdout("[" + rank + "] rank " + rank + " ready", JOB_TIMEOUT);
        }
        return jdsm;
    }

    private static void assertRefused(String message, String option, String value) throws Exception {
        try (JdsmProcess jdsm = submit(option, value, "-n", "1", jobsJar.toString(), "org.jdsm.launch.jobs.Sleeper")) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm submit: " + message), jdsm.transcript());
            assertEquals("", jdsm.stdout());
        }
    }

    /**
     * {@code jdsm submit} from the laptop with our own stdin and stdout (stderr goes to a file, see
     * {@link #rawStderr}): for what {@link JdsmProcess} does not do, like not reading stdout for a while.
     */
    private static Process rawSubmit(ProcessBuilder.Redirect stdin, ProcessBuilder.Redirect stdout, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", LAPTOP,
                JdsmProcess.ROOT.resolve("bin/jdsm").toString(), "submit", "--config", DIR.resolve("config").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectInput(stdin).redirectOutput(stdout).redirectError(DIR.resolve("stderr.txt").toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("JDSM_") || name.equals("SSH_AUTH_SOCK"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        return builder.start();
    }

    private static String rawStderr() throws IOException {
        return "\n--- stderr ---\n" + Files.readString(DIR.resolve("stderr.txt"));
    }

    /** Waits until {@code output} contains {@code text} (with "", until it is empty). */
    private static void awaitText(Callable<String> output, String text, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (String now = output.call(); text.isEmpty() ? !now.isEmpty() : !now.contains(text); now = output.call()) {
            assertTrue(System.nanoTime() < deadline, (text.isEmpty() ? "still '" : "no '" + text + "' in '") + now
                    + "' after " + timeout);
            Thread.sleep(50);
        }
    }

    /** The names in {@code dir} (none if it does not exist). */
    private static List<String> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Reads and counts lines until about {@code bytes} bytes have been read or the stream ends. */
    private static long countLines(java.io.InputStream in, long bytes) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long lines = 0;
        for (long read = 0; read < bytes; ) {
            int n = in.read(buffer);
            if (n < 0) {
                break;
            }
            read += n;
            for (int i = 0; i < n; i++) {
                if (buffer[i] == '\n') {
                    lines++;
                }
            }
        }
        return lines;
    }

    /** {@code jdsm submit} from the laptop, the cluster options from the config file. */
    private static JdsmProcess submit(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("submit", "--config", DIR.resolve("config").toString()));
        all.addAll(List.of(args));
        return JdsmProcess.inNamespace(LAPTOP, work, all);
    }

    private static JdsmProcess command(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args[0], "--config", DIR.resolve("config").toString()));
        all.addAll(List.of(args).subList(1, args.length));
        return JdsmProcess.inNamespace(LAPTOP, work, all);
    }

    /** The ClusterServer JVM running in namespace {@code ns}. */
    private static ProcessHandle serverIn(String ns) throws Exception {
        for (ProcessHandle p : ProcessHandle.allProcesses().collect(Collectors.toList())) {
            if (p.info().commandLine().orElse("").contains("org.jdsm.launch.cluster.ClusterServer")
                    && output("ip", "netns", "identify", Long.toString(p.pid())).strip().equals(ns)) {
                return p;
            }
        }
        throw new AssertionError("no ClusterServer in " + ns);
    }

    /**
     * What JDSM or its ssh has running anywhere (namespaces share the pid space) after up to
     * {@code timeout}: managers, servers, the gateway's ssh to the nodes.
     */
    private static List<String> jdsmProcesses(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> found = scan();
        while (!found.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            found = scan();
        }
        return found;
    }

    private static List<String> scan() {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
                .filter(line -> line.contains("org.jdsm.launch.cluster.") || line.contains("ssh_config_nodes"))
                .collect(Collectors.toList());
    }

    private static void killQuietly(String line) {
        ProcessHandle.of(Long.parseLong(line.substring(0, line.indexOf(' ')))).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** A jar of the test jobs (org.jdsm.launch.jobs), as a user would submit. */
    private static Path jarOfTestJobs(Path jar) throws IOException {
        Path classes = SCRIPT.getParent();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes.resolve("org/jdsm/launch/jobs"))) {
            for (Path file : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    private static int script(String verb) throws IOException, InterruptedException {
        return run("bash", SCRIPT.toString(), verb, DIR.toString());
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    private static boolean succeeds(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String output(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return text;
    }
}
