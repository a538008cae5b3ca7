package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Plain-code jobs end to end: {@code jdsm run --instrument} (the agent in every node JVM) and
 * {@code jdsm instrument} followed by a plain {@code jdsm run}, with the plain-code VecMul, SOR and
 * Series samples.
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

    /**
     * The SOR and Series samples in plain code, instrumented by the agent in every node JVM, give
     * the explicit-API samples' checksums bit for bit (both also match a one-thread run).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"sor.Sor, lrc, 'Gtotal = ([^;]+);', 120 12", "sor.Sor, sc, 'Gtotal = ([^;]+);', 120 12",
        "series.Series, lrc, 'checksum ([^,]+),', 3000", "series.Series, sc, 'checksum ([^,]+),', 3000"})
    void plainCodeSamplesMatchTheExplicitOnesAcrossJvms(String sample, String protocol, String checksum, String args)
            throws Exception {
        String explicit = checksumOf(sample, protocol, checksum, false, args);
        String plain = checksumOf(sample + "PlainCode", protocol, checksum, true, args);
        assertEquals(explicit, plain, sample + " under " + protocol);
    }

    /** Runs {@code org.jdsm.samples.<sample>} on 2 nodes x 2 threads; returns rank 0's checksum as printed. */
    private static String checksumOf(String sample, String protocol, String checksum, boolean instrument, String args)
            throws Exception {
        List<String> command = new ArrayList<>(List.of("-n", "2", "-t", "2", "--protocol", protocol));
        if (instrument) {
            command.add("--instrument");
        }
        command.addAll(List.of(SAMPLES, "org.jdsm.samples." + sample));
        command.addAll(List.of(args.split(" ")));
        try (JdsmProcess jdsm = JdsmProcess.run(command.toArray(new String[0]))) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            Matcher m = Pattern.compile("\\[0\\] \\S+ PASS: .*?" + checksum).matcher(jdsm.stdout());
            assertTrue(m.find(), jdsm.transcript());
            return m.group(1);
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

    /** {@code java -jar jdsm-instrument.jar IN OUT}, without jdsm on the class path, as its README shows. */
    @Test
    void theStandaloneInstrumenterJarWorksWithoutJdsm() throws Exception {
        String out = dir.resolve("standalone.jar").toString();
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        Process instrumenter = new ProcessBuilder(javaBin.toString(), "-jar",
                JdsmProcess.ROOT.resolve("jdsm-instrument/target/jdsm-instrument.jar").toString(), SAMPLES, out)
                .redirectErrorStream(true).start();
        String output = new String(instrumenter.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(instrumenter.waitFor(JOB_TIMEOUT.toSeconds(), TimeUnit.SECONDS), "the instrumenter did not end: " + output);
        assertEquals(0, instrumenter.exitValue(), output);
        assertTrue(output.contains("classes instrumented"), output);
        try (JdsmProcess jdsm = JdsmProcess.run("-n", "2", "-t", "1", "--protocol", "sc", out, PLAIN_VECMUL, "50000")) {
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
