package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jdsm.comm.ucx.UcxLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bin/jdsm run} end to end, as separate processes: the shaded jar, the script, node JVMs over
 * NettyComm, output prefixing, failure reporting, and that no node JVM outlives its job.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class JdsmRunIT {

    private static final String SAMPLES = JdsmProcess.ROOT.resolve("samples/target/jdsm-samples.jar").toString();
    private static final String VECMUL = "org.jdsm.samples.VecMul";
    /** The test jobs (org.jdsm.launch.jobs), run straight from the class directory. */
    private static final String TEST_CLASSES = Path.of(System.getProperty("jdsm.test.classes", "target/test-classes"))
            .toAbsolutePath().toString();
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(150);
    private static final Duration GONE = Duration.ofSeconds(5);

    @Test
    void vecMulOnFourNodesPassesWithEveryRankPrefixed() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "4", "-t", "2", SAMPLES, VECMUL)) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 4; rank++) {
                assertTrue(jdsm.stdout().contains("[" + rank + "] VecMul PASS: node " + rank), jdsm.transcript());
            }
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void ucxWithoutItsShimIsRefusedInOneLineBeforeAnyNodeStarts() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(UcxLibrary.PATH_ENV, "/nonexistent/libjdsmucx.so"),
                List.of("--comm", "ucx", "-n", "2", "-t", "1", SAMPLES, VECMUL))) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            List<String> lines = jdsm.stderr().lines().toList();
            assertEquals(1, lines.size(), jdsm.transcript());
            String line = lines.get(0);
            assertTrue(line.startsWith("jdsm run: UcxComm is unavailable: cannot load the UCX shim"), line);
            assertTrue(line.contains("/nonexistent/libjdsmucx.so") && line.contains("libucx-dev"), line);
            assertTrue(line.contains("--comm netty"), line);
            assertEquals("", jdsm.stdout(), "no node may have started");
        }
    }

    @Test
    void withoutUcxTheDefaultFallsBackToNettyInOneLine() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(UcxLibrary.PATH_ENV, "/nonexistent/libjdsmucx.so"),
                List.of("-n", "2", "-t", "1", SAMPLES, VECMUL, "10000"))) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            List<String> lines = jdsm.stderr().lines().toList();
            assertEquals(1, lines.size(), jdsm.transcript());
            assertTrue(lines.get(0).startsWith("jdsm: running over --comm netty (TCP): UcxComm is unavailable: cannot load"
                    + " the UCX shim (Can't load library: /nonexistent/libjdsmucx.so)."), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("[1] VecMul PASS: node 1"), jdsm.transcript());
        }
    }

    @Test
    void theDefaultRunsOverSharedMemoryWhateverUcxTlsTheEnvironmentSets() throws Exception {
        CommChoice.UCX_SHARED_MEMORY.assumeUsable();
        // A cluster module's network transport, which node JVMs on one machine cannot use.
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of("UCX_TLS", "rc"), List.of("-n", "2", "-t", "1", SAMPLES, VECMUL,
                "10000"))) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("[1] VecMul PASS: node 1"), jdsm.transcript());
            assertEquals("", jdsm.stderr(), jdsm.transcript());
        }
    }

    @Test
    void nodeJvmsSharingTheCoresCompileLaterUnlessTheUserSaysOtherwise() throws Exception {
        String fillTheCores = Integer.toString(Runtime.getRuntime().availableProcessors());
        double ours = NodeJvm.COMPILE_THRESHOLD_SCALING;
        assertEquals(List.of(ours, ours), jitScalingOfEachRank("-n", "2", "-t", fillTheCores));
        assertEquals(List.of(2.0, 2.0), jitScalingOfEachRank("-n", "2", "-t", fillTheCores,
                "--jvm-arg=-XX:CompileThresholdScaling=2"));
        assertEquals(List.of(1.0), jitScalingOfEachRank("-n", "1", "-t", fillTheCores), "one node keeps the JVM's default");
    }

    /** Runs a job whose nodes report their JVM's compile threshold scaling; returns it by rank. */
    private static List<Double> jitScalingOfEachRank(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("--comm", "netty"));
        args.addAll(List.of(options));
        args.addAll(List.of(TEST_CLASSES, "org.jdsm.launch.jobs.ReportsJitScaling"));
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(), args)) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            return jdsm.stdout().lines().filter(line -> line.contains("CompileThresholdScaling")).sorted()
                    .map(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).toList();
        }
    }

    /** Runs test job {@code job} (in package jobs) over netty with long-wait notices after 1 s instead of 60. */
    private static JdsmProcess withLongWaitsAfterOneSecond(int nodes, int threads, String job, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("--comm", "netty", "-n", Integer.toString(nodes), "-t",
                Integer.toString(threads), "--jvm-arg=-Djdsm.longWaitSeconds=1", TEST_CLASSES, "org.jdsm.launch.jobs." + job));
        command.addAll(List.of(args));
        return JdsmProcess.run(Map.of(), command);
    }

    /** The long-wait notices of a job that ended well; there must be some. */
    private static List<String> longWaitNotices(JdsmProcess jdsm) throws Exception {
        assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
        List<String> notices = jdsm.stderr().lines().filter(line -> line.contains("has waited")).toList();
        assertFalse(notices.isEmpty(), jdsm.transcript());
        return notices;
    }

    @Test
    void aLongWaitSaysWhichCallOfTheJobWaits() throws Exception {
        try (JdsmProcess jdsm = withLongWaitsAfterOneSecond(2, 1, "LateToBarrier", "3500")) {
            List<String> notices = longWaitNotices(jdsm);
            assertTrue(notices.stream().allMatch(line -> line.startsWith("[0] jdsm: warning: thread 'jdsm-n0-t0' has waited")),
                    jdsm.transcript());
            assertTrue(notices.get(0).contains(" s in Spmd.barrier called at org.jdsm.launch.jobs.LateToBarrier.start(LateToBarrier.java:"),
                    jdsm.transcript());
            assertTrue(notices.size() <= 2, "1 s, then 2 s: doubling, not one line per wake-up\n" + jdsm.transcript());
            assertTrue(jdsm.stdout().contains("[1] rank 1 passed the barrier"), jdsm.transcript());
        }
    }

    @Test
    void aLongWaitForABlockNamesTheThreadOfTheNodeThatHoldsIt() throws Exception {
        try (JdsmProcess jdsm = withLongWaitsAfterOneSecond(1, 2, "HeldBySibling", "3000")) {
            List<String> notices = longWaitNotices(jdsm);
            assertTrue(notices.get(0).startsWith("[0] jdsm: warning: thread 'jdsm-n0-t0' has waited"), jdsm.transcript());
            assertTrue(notices.get(0).contains(" s in SharedObjectPool.acquire called at org.jdsm.launch.jobs.HeldBySibling.start("
                    + "HeldBySibling.java:"), jdsm.transcript());
            assertTrue(notices.get(0).contains("what it waits for is held by thread 'jdsm-n0-t1' of this node"), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("thread 0 got the block"), jdsm.transcript());
        }
    }

    @Test
    void aLongConditionWaitSaysItWaitsForASignal() throws Exception {
        try (JdsmProcess jdsm = withLongWaitsAfterOneSecond(2, 1, "LateSignal", "2500")) {
            List<String> notices = longWaitNotices(jdsm);
            assertTrue(notices.get(0).startsWith("[0] jdsm: warning: thread 'jdsm-n0-t0' has waited"), jdsm.transcript());
            assertTrue(notices.get(0).contains(" s in SharedObjectPool.await called at org.jdsm.launch.jobs.LateSignal.start("
                    + "LateSignal.java:"), jdsm.transcript());
            assertTrue(notices.get(0).contains("it waits for a signalAll on the lock it awaits"), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("[0] rank 0 was signalled"), jdsm.transcript());
        }
    }

    @Test
    void aLongTouchOfAnAsyncAcquireSaysWhereTheJobTouchedIt() throws Exception {
        try (JdsmProcess jdsm = withLongWaitsAfterOneSecond(1, 2, "HeldBySibling", "3000", "async")) {
            List<String> notices = longWaitNotices(jdsm);
            // The user's thread reports its touch(); the helper thread acquiring for it stays quiet.
            assertTrue(notices.stream().allMatch(line -> line.startsWith("[0] jdsm: warning: thread 'jdsm-n0-t0' has waited")
                    && line.contains(" s in DsmFuture.touch called at org.jdsm.launch.jobs.HeldBySibling.start(")), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("thread 0 got the block"), jdsm.transcript());
        }
    }

    @Test
    void statsPrintEveryNodesCountersAsATableAndAsJson() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("--comm", "netty", "-n", "2", "-t", "1", "--stats", SAMPLES, VECMUL, "10000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            List<String> lines = jdsm.stdout().lines().toList();
            int header = lines.indexOf("[0] JDSM statistics (times in ms, summed over each node's threads)");
            assertTrue(header >= 0, jdsm.transcript());
            assertTrue(lines.get(header + 1).matches("\\[0] counter +node 0 +node 1"), jdsm.transcript());
            // VecMul on 2 nodes reads the other node's half of b and c: both fetch, wait and send.
            for (String counter : List.of("fetches", "fetch_wait_ms", "barriers", "msgs_sent", "bytes_sent")) {
                String row = lines.stream().filter(l -> l.startsWith("[0] " + counter + " ")).findFirst().orElseThrow();
                String[] cells = row.trim().split(" +");
                assertEquals(4, cells.length, row);
                assertTrue(Double.parseDouble(cells[2]) > 0 && Double.parseDouble(cells[3]) > 0,
                        counter + " should be positive on both nodes\n" + jdsm.transcript());
            }
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("[0] JDSM statistics JSON [{\"node\":0,\"fetches\":")
                    && l.contains("{\"node\":1,") && l.contains("\"fetch_wait_nanos\":")), jdsm.transcript());
        }
    }

    @Test
    void vecMulInOneJvmWithLocalComm() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.plain("run", "-n", "4", "-t", "2", "--comm", "local", SAMPLES, VECMUL, "100000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 4; rank++) {
                assertTrue(jdsm.stdout().contains("VecMul PASS: node " + rank), jdsm.transcript());
            }
        }
    }

    @Test
    void failureInStartOnRankTwoNamesRankAndExceptionAndLeavesNoNode() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "4", "-t", "2", TEST_CLASSES, "org.jdsm.launch.jobs.FailOnRank", "2")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            String last = lastLine(jdsm.stderr());
            assertTrue(last.startsWith("jdsm: job failed: rank 2 exited with code 1: node 2 failed in start()"), jdsm.transcript());
            assertTrue(last.contains("java.lang.IllegalStateException: planned failure on rank 2"), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("[2] jdsm: node 2 failed in start()"), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void nodeThatDiesIsNamedAndTheOthersStop() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "3", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.CrashOnRank", "1")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(lastLines(jdsm.stderr()).contains("jdsm: job failed: rank 1 exited with code 42"), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    /**
     * A rank that ends its JVM in the middle of the job is named with its own code (or signal), even
     * 0 or JDSM's internal codes, and the job exits 1 whatever that code was.
     */
    @ParameterizedTest(name = "{0}")
    @FieldSource("org.jdsm.launch.EarlyExit#ALL")
    void rankEndingItsJvmIsNamedWithItsCodeAndTheJobExitsOne(EarlyExit early) throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.ExitOnRank",
                "1", early.how())) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(lastLine(jdsm.stderr()).startsWith(early.summary() + early.exitCallWords()), jdsm.transcript());
            assertFalse(jdsm.stderr().contains(NodeStatus.PREFIX), "status lines are the launcher's: " + jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void systemExitInAJobInsideTheJdsmJvmIsReported() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.plain("run", "-n", "2", "-t", "1", "--comm", "local", TEST_CLASSES,
                "org.jdsm.launch.jobs.ExitOnRank", "1", "3")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            String last = lastLine(jdsm.stderr());
            assertTrue(last.startsWith("jdsm: job failed: the job called System.exit before it ended (at "
                    + "org.jdsm.launch.jobs.ExitOnRank.start(ExitOnRank.java:"), jdsm.transcript());
        }
    }

    /** A node dying with block fetches from it in flight ends the job with its rank named, over every comm. */
    @ParameterizedTest(name = "{0}")
    @FieldSource("org.jdsm.launch.CommChoice#NETWORKED")
    void nodeDyingWhileItsBlocksAreFetchedIsNamedAndTheOthersStop(CommChoice comm) throws Exception {
        comm.assumeUsable();
        List<String> args = List.of("-n", "3", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.CrashWhileFetched", "1");
        try (JdsmProcess jdsm = JdsmProcess.run(comm.env(), comm.runArgs(args))) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(lastLines(jdsm.stderr()).contains("jdsm: job failed: rank 1 exited with code 42"), jdsm.transcript());
            assertFalse(jdsm.stdout().contains("UCX  WARN") || jdsm.stderr().contains("UCX  WARN"), jdsm.transcript());
            assertLogRecordsTakeOneLine(jdsm.stderr());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    /**
     * A node dying in {@code fin()}, while the others wait for the job's end, stops them by
     * themselves with its rank named: node 0, which collects the nodes at the end, and the others,
     * which hear from node 0 or find it gone.
     */
    @ParameterizedTest(name = "rank {0} over {1}")
    @MethodSource("dyingRankOverEveryComm")
    void nodeDyingInFinStopsTheOthersByThemselves(int dying, CommChoice comm) throws Exception {
        comm.assumeUsable();
        List<String> args = List.of("-n", "3", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.DiesInFin",
                Integer.toString(dying));
        try (JdsmProcess jdsm = JdsmProcess.run(comm.env(), comm.runArgs(args))) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertEquals("jdsm: job failed: rank " + dying + " exited with code 42", lastLine(jdsm.stderr()), jdsm.transcript());
            assertFalse(jdsm.stderr().contains("jdsm: killed rank"), "they stop by themselves: " + jdsm.transcript());
            for (int rank = 0; rank < 3; rank++) {
                if (rank != dying) {
                    assertTrue(jdsm.stderr().contains("[" + rank + "] jdsm: job stopped because node " + dying + " "),
                            jdsm.transcript());
                }
            }
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    static Stream<Arguments> dyingRankOverEveryComm() {
        return CommChoice.NETWORKED.stream().flatMap(comm -> Stream.of(Arguments.of(0, comm), Arguments.of(1, comm)));
    }

    /**
     * Objects nested too deep for Kryo's recursion fail the job saying so, in a node JVM where
     * StringBuffer, which Kryo's failure path takes, was first used at the bottom of the overflowed
     * stack: the node said "NoClassDefFoundError: Could not initialize class java.lang.StringBuffer".
     * With bigger thread stacks, as the message advises, the job passes.
     */
    @Test
    void aChainTooDeepForTheStackIsNamedAsSuchAndBiggerStacksCarryIt() throws Exception {
        List<String> job = List.of("-n", "2", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.DeepChain", "5000");
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(), CommChoice.NETTY.runArgs(job))) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            String last = lastLine(jdsm.stderr());
            assertTrue(last.startsWith("jdsm: job failed: rank 1 exited with code 1: node 1 failed in start() on thread 1: ")
                    && last.contains("its objects nest too deep for the thread's stack (it overflowed at field next "
                    + "(org.jdsm.launch.jobs.DeepChain$Link))"), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
        List<String> bigStacks = new ArrayList<>(List.of("--jvm-arg=-Xss64m"));
        bigStacks.addAll(job);
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(), CommChoice.NETTY.runArgs(bigStacks))) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("[0] rank 0 read 5000 links"), jdsm.transcript());
        }
    }

    /**
     * A node whose heap is full for good cannot even report its failure: its JVM dies of the
     * OutOfMemoryError, which the summary names, where it said only "exited with code 1".
     */
    @Test
    void aNodeWithNoHeapLeftToReportItsFailureIsNamedWithTheError() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("--comm", "netty", "--jvm-arg=-Xmx64m", "-n", "2", "-t", "1", TEST_CLASSES,
                "org.jdsm.launch.jobs.FillsItsHeap")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            String last = lastLine(jdsm.stderr());
            assertTrue(last.startsWith("jdsm: job failed: rank 1 exited with code 1: java.lang.OutOfMemoryError"), jdsm.transcript());
            assertTrue(last.endsWith(NodeLastWords.HEAP_ADVICE), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    /**
     * A job that redirects or closes {@code System.err} on a node, or leaves a line unfinished there,
     * takes neither the node's word to its launcher nor its failure report with it: the job passed,
     * where the launcher said "rank 1 exited (code 0) before the job ended", and a failure is named
     * with its cause.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"redirect", "close", "unfinished"})
    void aJobTakingSystemErrLeavesTheLauncherItsNodesWord(String how) throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("--comm", "netty", "-n", "2", "-t", "1", TEST_CLASSES,
                "org.jdsm.launch.jobs.TakesStderr", how)) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
        }
        try (JdsmProcess jdsm = JdsmProcess.run("--comm", "netty", "-n", "2", "-t", "1", TEST_CLASSES,
                "org.jdsm.launch.jobs.TakesStderr", how, "fail")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(lastLine(jdsm.stderr()).startsWith("jdsm: job failed: rank 1 exited with code 1: node 1 failed in start() "
                    + "on thread 1: java.lang.IllegalStateException: planned failure with System.err taken"), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    /**
     * A rank whose JVM is shutting down (the job's {@code System.exit}) but held up by a slow
     * shutdown hook of the job stops the others at once, naming it, where they waited for it as
     * long as the hook ran; the launcher then kills it. The summary names that rank and its
     * System.exit: it named rank 0, which had only stopped because of it.
     */
    @Test
    void aRankHeldInItsShutdownStopsTheOthersAtOnce() throws Exception {
        long started = System.nanoTime();
        try (JdsmProcess jdsm = JdsmProcess.run("--comm", "netty", "-n", "2", "-t", "1", TEST_CLASSES,
                "org.jdsm.launch.jobs.ExitWithSlowHook")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(30), "waited for the hook\n" + jdsm.transcript());
            assertTrue(jdsm.stderr().contains("[0] jdsm: job stopped because node 1's JVM is shutting down before the job ended"
                    + " (System.exit in the job, or a signal)"), jdsm.transcript());
            assertEquals("jdsm: job failed: rank 1 was stopped during its JVM's shutdown: node 1 called System.exit at "
                    + "org.jdsm.launch.jobs.ExitWithSlowHook.start(ExitWithSlowHook.java:22) on thread jdsm-n1-t1\n"
                    + "jdsm: killed rank(s) 1 that did not stop by themselves", lastLines(jdsm.stderr()), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void nodesThatDoNotStopAfterAFailureAreKilledWithinSeconds() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.StuckInInit")) {
            jdsm.awaitStderr("[1] jdsm: node 1 failed in init()", JOB_TIMEOUT);
            long failed = System.nanoTime();
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(System.nanoTime() - failed < TimeUnit.SECONDS.toNanos(15), "took too long to kill rank 0");
            assertEquals("jdsm: job failed: rank 1 exited with code 1: node 1 failed in init(): "
                    + "java.lang.IllegalStateException: planned failure in init\n"
                    + "jdsm: killed rank(s) 0 that did not stop by themselves", lastLines(jdsm.stderr()));
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void interruptStopsEveryNode() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "3", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.Sleeper")) {
            for (int rank = 0; rank < 3; rank++) {
                jdsm.awaitStdout("[" + rank + "] rank " + rank + " ready", JOB_TIMEOUT);
            }
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(jdsm.pid())).start().waitFor());
            assertEquals(ExitCodes.INTERRUPTED, jdsm.waitFor(Duration.ofSeconds(10)), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("jdsm: interrupted; stopping 3 node JVM(s)"), jdsm.transcript());
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void killedLauncherTakesItsNodesWithIt() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.Sleeper")) {
            jdsm.awaitStdout("[0] rank 0 ready", JOB_TIMEOUT);
            jdsm.awaitStdout("[1] rank 1 ready", JOB_TIMEOUT);
            ProcessHandle.of(jdsm.pid()).ifPresent(ProcessHandle::destroyForcibly);
            List<ProcessHandle> left = jdsm.leftovers(Duration.ofSeconds(10));
            assertTrue(left.isEmpty(), "node JVMs outlived a SIGKILLed launcher: " + left);
        }
    }

    @Test
    void aJvmOptionTheNodeJvmsRejectIsAUsageErrorNamingIt() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "1", "--jvm-arg=-Xmx1z", SAMPLES, VECMUL)) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(lastLine(jdsm.stderr()).matches(
                    "jdsm: job failed: node JVM for rank [01] could not start \\(exit code 1\\); check --jvm-arg"),
                    jdsm.transcript());
            assertTrue(jdsm.transcript().contains("] Invalid maximum heap size: -Xmx1z"), "the JVM's own words stay");
        }
    }

    @Test
    void missingClassIsAClearErrorAndStartsNothing() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", SAMPLES, "VecMul")) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertEquals("jdsm run: class VecMul not found in " + SAMPLES + "; did you mean org.jdsm.samples.VecMul or org.jdsm.samples.plain.VecMul?",
                    lastLine(jdsm.stderr()));
            assertEquals("", jdsm.stdout());
        }
    }

    @Test
    void versionNamesTheModulesFound() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.plain("version")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stdout().matches("(?s).*comm modules: .*netty.*"), jdsm.transcript());
            assertTrue(jdsm.stdout().matches("(?s).*protocols: .*lrc.*"), jdsm.transcript());
        }
    }

    /**
     * The nodes' warnings about the lost node come as one line each, not as java.util.logging's
     * default two (a line with the time, class and method, then "WARNING: ...").
     */
    private static void assertLogRecordsTakeOneLine(String stderr) {
        assertTrue(stderr.lines().anyMatch(line -> line.matches("\\[[02]\\] WARNING: node [02]: lost node 1.*")), stderr);
        assertFalse(stderr.lines().anyMatch(line -> line.matches("\\[\\d+\\] .* org\\.jdsm\\.[\\w.$]+ \\w+")), stderr);
    }

    static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }

    /** The last two lines: the summary may be followed by a line about killed ranks. */
    static String lastLines(String text) {
        String[] lines = text.strip().split("\n");
        return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 2), lines.length));
    }
}
