package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A flight recording around a job holds the JDSM events, with the fields that say what waited for what. */
class FlightRecorderEventsTest {

    private static final List<String> EVENTS = List.of("org.jdsm.Fetch", "org.jdsm.Diff", "org.jdsm.LockWait",
            "org.jdsm.BarrierWait");

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void jobEmitsJdsmEvents(String protocol, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("job.jfr");
        try (Recording recording = new Recording()) {
            EVENTS.forEach(name -> recording.enable(name).withThreshold(Duration.ZERO).withoutStackTrace());
            recording.start();
            TimeCountersTest.run(protocol);
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);

        List<RecordedEvent> fetches = named(events, "org.jdsm.Fetch");
        assertTrue(fetches.stream().anyMatch(e -> e.getInt("block") == 0 && e.getInt("home") == 0
                && e.getThread().getJavaName().startsWith("jdsm-") && !e.getDuration().isNegative()),
                () -> "a fetch of block 0 from home 0 in " + fetches);
        assertTrue(fetches.stream().allMatch(e -> e.getInt("home") == 0), "only the block homed at node 0 is fetched");

        List<RecordedEvent> locks = named(events, "org.jdsm.LockWait");
        assertTrue(locks.stream().anyMatch(e -> e.getBoolean("remote")), () -> "a remote lock wait in " + locks);

        assertTrue(named(events, "org.jdsm.BarrierWait").size() >= 6, "two barriers on each of three nodes");

        List<RecordedEvent> diffs = named(events, "org.jdsm.Diff");
        if (protocol.equals("lrc")) {
            assertTrue(matching(diffs, e -> !e.getBoolean("applied")), () -> "the writer's diff in " + diffs);
            assertTrue(matching(diffs, e -> e.getBoolean("applied")), () -> "the home's application in " + diffs);
        } else {
            assertEquals(List.of(), diffs, "sc writes whole blocks back: no diffs");
        }
    }

    private static boolean matching(List<RecordedEvent> diffs, Predicate<RecordedEvent> kind) {
        return diffs.stream().anyMatch(e -> kind.test(e) && e.getInt("block") == 0
                && e.getLong("elements") == RemoteWriteJob.LENGTH);
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }
}
