package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jdsm.launch.jobs.ReportsJava;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DESIGN.md section 1: "JDK 17 and newer, any vendor, mixed versions in one job". Every job here
 * runs its even ranks on the Debian OpenJDK 17 and its odd ranks on the newest Temurin JDK under
 * /usr/lib/jvm ({@code jdsm run --node-java}), over NettyComm and UCX's TCP and shared memory, under
 * both protocols: the samples and the consistency suite's jobs check their results, and one job
 * shares the JDK types that travel (collections, java.time, BigDecimal, records, enums, UUID...)
 * between the two JDKs both ways. Skipped, saying why, where either JDK is missing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MixedJdkIT {

    private static final Path JVMS = Path.of("/usr/lib/jvm");
    private static final Path SUITE_JOBS = JdsmProcess.ROOT.resolve("jdsm-protocols/target/test-classes");
    private static final Path SAMPLES = JdsmProcess.ROOT.resolve("samples/target/jdsm-samples.jar");
    private static final String SUITE = "org.jdsm.protocol.suite.";
    private static final String JDK_VALUES = SUITE + "SharedJdkTypesTest$JdkValues";
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(100);

    private static NodeJava openJdk17;
    private static NodeJava temurin;

    @BeforeAll
    static void findTheJdks() throws IOException {
        openJdk17 = jdk("java-17-openjdk*").orElse(null);
        temurin = jdk("temurin-*").orElse(null);
    }

    /** The newest JDK under /usr/lib/jvm whose directory name matches {@code glob}. */
    private static Optional<NodeJava> jdk(String glob) throws IOException {
        if (!Files.isDirectory(JVMS)) {
            return Optional.empty();
        }
        try (var dirs = Files.newDirectoryStream(JVMS, glob)) {
            List<NodeJava> found = new ArrayList<>();
            for (Path dir : dirs) {
                if (Files.isExecutable(dir.resolve("bin/java"))) {
                    found.add(NodeJava.of(dir.toString()));
                }
            }
            return found.stream().max(Comparator.comparingInt(NodeJava::feature));
        }
    }

    private static void assumeBothJdks() {
        assumeTrue(openJdk17 != null && temurin != null, "skipped: a mixed-version job needs OpenJDK 17 ("
                + JVMS + "/java-17-openjdk*) and a Temurin JDK (" + JVMS + "/temurin-*); found "
                + (openJdk17 == null ? "no OpenJDK 17" : openJdk17.executable()) + " and "
                + (temurin == null ? "no Temurin" : temurin.executable()));
        assumeTrue(temurin.feature() != openJdk17.feature(), "skipped: the Temurin JDK is Java 17 as well");
    }

    /** {@code jdsm run} options putting even ranks on OpenJDK 17 and odd ranks on Temurin. */
    private static List<String> mixed(String protocol) {
        return List.of("-n", "4", "-t", "2", "--protocol", protocol, "--node-java", openJdk17.executable().toString(),
                "--node-java", temurin.executable().toString());
    }

    @Test
    void evenRanksRunOneJdkAndOddRanksTheOther() throws Exception {
        assumeBothJdks();
        List<String> args = new ArrayList<>(mixed("lrc"));
        args.addAll(List.of("--comm", "netty", TestJars.CLASSES.toString(), ReportsJava.class.getName()));
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(), args)) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 4; rank++) {
                int feature = rank % 2 == 0 ? openJdk17.feature() : temurin.feature();
                assertTrue(jdsm.stdout().contains("[" + rank + "] java " + feature + " "), jdsm.transcript());
            }
        }
    }

    static Stream<Arguments> jobs() {
        List<List<String>> jobs = List.of(
                List.of(SAMPLES.toString(), "org.jdsm.samples.VecMul", "200000"),
                List.of(SAMPLES.toString(), "org.jdsm.samples.sor.Sor", "120", "12"),
                List.of(SAMPLES.toString(), "org.jdsm.samples.lu.Lu", "128", "16"),
                List.of(SUITE_JOBS.toString(), SUITE + "RandomProgramTest$RandomProgramJob", "seed=5", "ops=40", "phases=4"),
                List.of(SUITE_JOBS.toString(), SUITE + "LockedCounterTest$CounterJob", "iterations=150"),
                List.of(SUITE_JOBS.toString(), SUITE + "ObjectFieldWritersTest$FieldCounters", "phases=3", "iterations=12",
                        "seed=17"),
                List.of(SUITE_JOBS.toString(), SUITE + "HashedFieldWritersTest$HashedFields", "phases=3", "iterations=12",
                        "seed=31"),
                List.of(SUITE_JOBS.toString(), JDK_VALUES));
        return CommChoice.everyNetworkedRun(jobs);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("jobs")
    void aSelfCheckingJobHoldsAcrossTwoJdks(CommChoice comm, String protocol, List<String> job) throws Exception {
        assumeBothJdks();
        comm.assumeUsable();
        assertTrue(Files.isDirectory(SUITE_JOBS), SUITE_JOBS + " is missing: build jdsm-protocols' tests first");
        List<String> args = new ArrayList<>(mixed(protocol));
        args.addAll(job);
        try (JdsmProcess jdsm = JdsmProcess.run(comm.env(), comm.runArgs(args))) {
            assertEquals(0, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            assertTrue(jdsm.leftovers(Duration.ofSeconds(5)).isEmpty(), jdsm.transcript());
        }
    }

    /**
     * A JDK class that Kryo copies field by field reads as garbage on a JDK whose version of the
     * class has other fields, even where its package is opened: before, a shared DecimalFormat (JDK
     * 25 added a field) failed the job at the first fetch with 'cannot deserialize message:
     * Encountered unregistered class ID: 76'. Now every node refuses it at register, naming it.
     */
    @Test
    void aJdkClassWhoseFieldsDifferBetweenVersionsIsRefusedOnEveryNode() throws Exception {
        assumeBothJdks();
        List<String> args = new ArrayList<>(mixed("lrc"));
        args.addAll(List.of("--comm", "netty", "--jvm-arg=--add-opens=java.base/java.text=ALL-UNNAMED",
                SUITE_JOBS.toString(), JDK_VALUES, "cases=DecimalFormat"));
        try (JdsmProcess jdsm = JdsmProcess.run(Map.of(), args)) {
            assertEquals(ExitCodes.FAILED, jdsm.waitFor(JOB_TIMEOUT), jdsm.transcript());
            for (int rank = 0; rank < 4; rank++) {
                assertTrue(jdsm.stderr().contains("[" + rank + "] jdsm: node " + rank + " failed in init(): "
                        + "org.jdsm.DsmException: cannot share an instance of " + JDK_VALUES + "$Box: field value: "
                        + "java.text.DecimalFormat is a JDK class with no portable encoding"), jdsm.transcript());
            }
        }
    }
}
