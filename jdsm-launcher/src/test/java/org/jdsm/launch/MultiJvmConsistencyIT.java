package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The consistency suite's self-checking jobs (jdsm-protocols' test classes) under every protocol,
 * each node a separate JVM, started by {@code bin/jdsm run} as a user would, over every networked
 * comm: NettyComm on loopback, UcxComm over UCX's TCP and over its shared memory (skipped, saying
 * why, only where UCX or the shim is absent). Each job throws, failing the run, when it sees a value
 * that violates the contract.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MultiJvmConsistencyIT {

    private static final Path JOBS = JdsmProcess.ROOT.resolve("jdsm-protocols/target/test-classes");
    private static final String SUITE = "org.jdsm.protocol.suite.";

    static Stream<Arguments> jobs() {
        List<List<String>> jobs = List.of(
                List.of("org.jdsm.protocol.chaos.RotatingOwnership", "6", "40", "21"),
                List.of(SUITE + "RandomProgramTest$RandomProgramJob", "seed=5", "ops=40", "phases=4"),
                List.of(SUITE + "LockedCounterTest$CounterJob", "iterations=150"),
                List.of(SUITE + "FalseSharingTest$FalseSharingJob", "rounds=3"),
                List.of(SUITE + "NestedFieldWritersTest$NestedCounters", "phases=3", "iterations=12", "seed=7"),
                List.of(SUITE + "MatrixRowsTest$MatrixColumns", "phases=3", "seed=7"),
                List.of(SUITE + "HashedFieldWritersTest$HashedFields", "phases=3", "iterations=12", "seed=31"),
                List.of(SUITE + "LooseEqualsElementsTest$LooseEqualsWriters", "phases=3", "iterations=12", "seed=37"),
                List.of(SUITE + "SharedCollectionsTest$ListWriters", "phases=3", "iterations=12", "seed=31"),
                List.of(SUITE + "MapKeysTest$KeyWriters", "phases=3", "keys=3", "seed=41"),
                List.of(SUITE + "ConditionWaitTest$BoundedBuffer", "items=30", "seed=5"));
        return CommChoice.everyNetworkedRun(jobs);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("jobs")
    void suiteJobHoldsAcrossJvms(CommChoice comm, String protocol, List<String> job) throws Exception {
        comm.assumeUsable();
        assertTrue(Files.isDirectory(JOBS), JOBS + " is missing: build jdsm-protocols' tests first (mvn verify builds them)");
        List<String> args = new ArrayList<>(List.of("-n", "4", "-t", "2", "--protocol", protocol, JOBS.toString()));
        args.addAll(job);
        try (JdsmProcess jdsm = JdsmProcess.run(comm.env(), comm.runArgs(args))) {
            assertEquals(0, jdsm.waitFor(Duration.ofSeconds(100)), jdsm.transcript());
            assertTrue(jdsm.leftovers(Duration.ofSeconds(5)).isEmpty(), jdsm.transcript());
        }
    }
}
