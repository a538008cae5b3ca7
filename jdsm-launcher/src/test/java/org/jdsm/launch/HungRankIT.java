package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * A job that fails while one of its node JVMs is hung (SIGSTOPped: its connections stay open but
 * nothing answers) ends promptly, naming the rank that failed and why: the nodes that stop do not
 * wait for the hung node's goodbye, and the launcher kills the hung node. A job whose only trouble is
 * a hung node ends too, once the others have heard nothing from it for the peer timeout.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HungRankIT {

    private static final String TEST_CLASSES = Path.of(System.getProperty("jdsm.test.classes", "target/test-classes"))
            .toAbsolutePath().toString();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    /**
     * From the failure to the launcher's exit: the failing node waits up to 2 s for the hung node's
     * answer, the launcher kills the hung node 3 s after the first node exits (it took 13-15 s while
     * each stopping node waited 10 s for the hung node's goodbye).
     */
    private static final Duration PROMPT = Duration.ofSeconds(8);
    private static final int FAILING = 2;
    private static final int HUNG = 1;
    /** Node 0, whose loss the others also learn from their failed requests to it (barriers go through it). */
    private static final int HUNG_ALONE = 0;
    private static final int PEER_TIMEOUT_SECONDS = 3;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @FieldSource("org.jdsm.launch.CommChoice#NETWORKED")
    void aFailureBesideAHungRankEndsTheJobPromptlyNamingTheFailure(CommChoice comm) throws Exception {
        comm.assumeUsable();
        Path go = dir.resolve("go");
        List<String> args = List.of("-n", "3", "-t", "1", TEST_CLASSES, "org.jdsm.launch.jobs.FailsBesideHungRank",
                Integer.toString(FAILING), go.toString());
        try (JdsmProcess jdsm = JdsmProcess.run(comm.env(), comm.runArgs(args))) {
            jdsm.awaitStdout("[" + FAILING + "] rank " + FAILING + " pid ", START_TIMEOUT);
            jdsm.awaitStdout("[" + HUNG + "] rank " + HUNG + " pid ", START_TIMEOUT);
            long hung = pid(jdsm.stdout(), HUNG);
            signal("STOP", hung);
            try {
                long failed = System.nanoTime();
                Files.createFile(go);
                int code = jdsm.waitFor(Duration.ofSeconds(60));
                long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failed);
                System.out.println("HungRankIT " + comm + ": the job ended " + tookMillis + " ms after the failure");
                assertEquals(ExitCodes.FAILED, code, jdsm.transcript());
                assertTrue(tookMillis < PROMPT.toMillis(), "took " + tookMillis + " ms\n" + jdsm.transcript());
                assertTrue(JdsmRunIT.lastLines(jdsm.stderr()).startsWith("jdsm: job failed: rank " + FAILING
                        + " exited with code 1: node " + FAILING + " failed in start() on thread " + FAILING
                        + ": java.lang.IllegalStateException: planned failure on rank " + FAILING), jdsm.transcript());
            } finally {
                signal("CONT", hung); // the launcher has killed it, or close() does
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("org.jdsm.launch.CommChoice#NETWORKED")
    void aHungRankAloneEndsTheJobAfterThePeerTimeoutNamingIt(CommChoice comm) throws Exception {
        comm.assumeUsable();
        Path go = dir.resolve("go");
        List<String> args = List.of("-n", "3", "-t", "1", "--jvm-arg=-Djdsm.peer.timeoutSeconds=" + PEER_TIMEOUT_SECONDS,
                TEST_CLASSES, "org.jdsm.launch.jobs.FailsBesideHungRank", "-1", go.toString());
        try (JdsmProcess jdsm = JdsmProcess.run(comm.env(), comm.runArgs(args))) {
            for (int rank = 0; rank < 3; rank++) {
                jdsm.awaitStdout("[" + rank + "] rank " + rank + " pid ", START_TIMEOUT);
            }
            long hung = pid(jdsm.stdout(), HUNG_ALONE);
            signal("STOP", hung);
            try {
                long stopped = System.nanoTime();
                Files.createFile(go); // the others go on to a barrier that waits for the hung rank
                int code = jdsm.waitFor(Duration.ofSeconds(60));
                long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopped);
                System.out.println("HungRankIT " + comm + ": the job ended " + tookMillis + " ms after the stop");
                assertEquals(ExitCodes.FAILED, code, jdsm.transcript());
                assertTrue(tookMillis >= PEER_TIMEOUT_SECONDS * 1000 && tookMillis < PEER_TIMEOUT_SECONDS * 1000
                        + PROMPT.toMillis(), "took " + tookMillis + " ms\n" + jdsm.transcript());
                String last = JdsmRunIT.lastLines(jdsm.stderr());
                assertTrue(last.matches("(?s)jdsm: job failed: rank [12] exited with code \\d+: job stopped because node "
                        + HUNG_ALONE + " is unreachable: no message from node " + HUNG_ALONE + " for \\d+\\.\\d s: its JVM is"
                        + " stopped or hung, .*"), jdsm.transcript());
                assertTrue(last.contains("killed rank(s) " + HUNG_ALONE), jdsm.transcript());
                assertTrue(jdsm.leftovers(Duration.ofSeconds(5)).isEmpty(), jdsm.transcript());
            } finally {
                signal("CONT", hung);
            }
        }
    }

    private static long pid(String stdout, int rank) {
        Matcher m = Pattern.compile("\\[" + rank + "\\] rank " + rank + " pid (\\d+)").matcher(stdout);
        assertTrue(m.find(), stdout);
        return Long.parseLong(m.group(1));
    }

    private static void signal(String name, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start().waitFor();
    }
}
