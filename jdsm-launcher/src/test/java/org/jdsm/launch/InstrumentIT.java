package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plain-code jobs end to end: {@code jdsm run --instrument} (the agent in every node JVM) and
 * {@code jdsm instrument} followed by a plain {@code jdsm run}, with the plain-code VecMul sample.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class InstrumentIT {

    private static final String SAMPLES = JdsmProcess.ROOT.resolve("samples/target/jdsm-samples.jar").toString();
    private static final String PLAIN_VECMUL = "org.jdsm.samples.plain.VecMul";
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(150);
    private static final Duration GONE = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void plainCodeRunsInstrumentedByTheAgentAcrossJvms() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "2", "--instrument", SAMPLES, PLAIN_VECMUL, "50000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertPassedOnBothRanks(jdsm);
            assertTrue(jdsm.leftovers(GONE).isEmpty(), jdsm.transcript());
        }
    }

    @Test
    void jarInstrumentedOfflineRunsWithoutTheAgent() throws Exception {
        String out = dir.resolve("instrumented.jar").toString();
        try (JdsmProcess jdsm = JdsmProcess.plain("instrument", SAMPLES, out)) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stdout().contains("classes instrumented"), jdsm.transcript());
        }
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "2", "--protocol", "sc", out, PLAIN_VECMUL, "50000")) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertPassedOnBothRanks(jdsm);
        }
    }

    @Test
    void uninstrumentedPlainCodeFailsItsCheck() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "1", SAMPLES, PLAIN_VECMUL, "50000")) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("was the job run with --instrument?"), jdsm.transcript());
        }
    }

    @Test
    void instrumentWithLocalCommIsRefusedWithAnAlternative() throws Exception {
        try (JdsmProcess jdsm = JdsmProcess.plain("run", "-n", "2", "--comm", "local", "--instrument", SAMPLES, PLAIN_VECMUL)) {
            assertEquals(ExitCodes.USAGE, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.stderr().contains("instrument the jar first: jdsm instrument"), jdsm.transcript());
        }
    }

    private static void assertPassedOnBothRanks(JdsmProcess jdsm) {
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(jdsm.stdout().contains("[" + rank + "] VecMul (plain code) PASS: node " + rank), jdsm.transcript());
        }
    }
}
