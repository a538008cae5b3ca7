package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jdsm.Spmd;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Condition waits show in the statistics ({@code condition_waits}, {@code condition_wait}) and as
 * {@code org.jdsm.ConditionWait} recording events, on the node that waited only.
 */
class ConditionWaitCountersTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void conditionWaitsAreCountedTimedAndRecorded(String protocol, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("job.jfr");
        InJvmJob job = InJvmJob.of(WaitsForLateSignal.class).protocol(protocol).comm(Suite.comm()).nodes(2).threadsPerNode(1);
        try (Recording recording = new Recording()) {
            recording.enable("org.jdsm.ConditionWait").withThreshold(Duration.ZERO).withoutStackTrace();
            recording.start();
            job.run();
            recording.stop();
            recording.dump(file);
        }
        long waits = job.nodeStats(0).get(Counter.CONDITION_WAITS);
        assertTrue(waits >= 2, "a timed-out wait and at least one signalled one, counted " + waits);
        long sleptMillis = job.nodeStats(0).get(Counter.CONDITION_WAIT_NANOS) / 1_000_000;
        assertTrue(sleptMillis >= WaitsForLateSignal.LATE_MILLIS / 2, "slept until the late signal (the nodes start a little apart), counted " + sleptMillis + " ms");
        assertEquals(0, job.nodeStats(1).get(Counter.CONDITION_WAITS), "the signalling node never waited");
        assertEquals(0, job.nodeStats(1).get(Counter.CONDITION_WAIT_NANOS));

        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("org.jdsm.ConditionWait")).toList();
        assertEquals(waits, events.size(), () -> "one event per counted wait: " + events);
        assertTrue(events.stream().anyMatch(e -> !e.getBoolean("woken")), () -> "the timed-out wait in " + events);
        assertTrue(events.stream().anyMatch(e -> e.getBoolean("woken")), () -> "the signalled wait in " + events);
    }

    /** Node 0 first lets a short timed wait run out, then waits for node 1's signal, which comes late. */
    public static final class WaitsForLateSignal extends Spmd {
        static final long LATE_MILLIS = 300;
        private SignalledFlag flag;

        @Override
        public void init() {
            flag = new SignalledFlag(pool);
        }

        @Override
        public void start() {
            if (myNode() == 0) {
                pool.lock("c");
                Check.that(!pool.await("c", 20), () -> "nobody signalled, yet the timed wait was woken");
                flag.awaitRaised("c", 0);
                pool.unlock("c");
            } else {
                try {
                    Thread.sleep(LATE_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                pool.lock("c");
                flag.raise("c");
                pool.unlock("c");
            }
        }
    }
}
