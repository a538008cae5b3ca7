package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.launch.NodeExit.Ending;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void everyNodeExitingZeroIsSuccess() {
        Verdict v = new Verdict(List.of(new NodeExit(1, 0, Ending.ANNOUNCED, null), new NodeExit(0, 0, Ending.ANNOUNCED, null)));
        assertTrue(v.ok());
        assertEquals(0, v.exitCode());
        assertEquals(List.of(), v.summary());
    }

    @Test
    void blamesTheFailingNodeNotTheBystandersThatExitedFirst() {
        Verdict v = new Verdict(List.of(
                new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED, "job stopped because node 2 failed in start(): boom"),
                new NodeExit(2, ExitCodes.FAILED, Ending.ANNOUNCED, "node 2 failed in start(): boom"),
                new NodeExit(1, 137, Ending.KILLED, null)));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 2 exited with code 1: node 2 failed in start(): boom",
                "jdsm: killed rank(s) 1 that did not stop by themselves"), v.summary());
    }

    @Test
    void aNodeKilledBySomeoneElseIsNamedWithItsSignalAndTheJobFails() {
        Verdict v = new Verdict(List.of(new NodeExit(3, 137, Ending.UNANNOUNCED, null),
                new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED, "job stopped because node 3 is unreachable")));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 3 exited with code 137 (signal 9)"), v.summary());
    }

    @Test
    void aJobsOwnExitCodeIsNamedButTheJobExitsWithFailed() {
        Verdict v = new Verdict(List.of(new NodeExit(1, 5, Ending.UNANNOUNCED, null),
                new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED, "job stopped because node 1 is unreachable")));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 1 exited with code 5"), v.summary());
    }

    @Test
    void aJobExitingWithTheStoppedCodeIsTheCauseNotABystander() {
        Verdict v = new Verdict(List.of(
                new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED, "job stopped because node 1 is unreachable"),
                new NodeExit(1, ExitCodes.STOPPED, Ending.UNANNOUNCED, null)));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 1 exited with code 3"), v.summary());
    }

    @Test
    void aNodeExitingZeroBeforeTheJobEndedIsBlamedNotTheRankItLeftBehind() {
        Verdict v = new Verdict(List.of(new NodeExit(1, 0, Ending.UNANNOUNCED, null),
                new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED, "job stopped because node 1 is unreachable")));
        assertFalse(v.ok());
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 1 exited (code 0) before the job ended"), v.summary());
    }

    @Test
    void aNodeJvmThatCouldNotStartIsAUsageErrorPointingAtTheJvmOptions() {
        Verdict v = new Verdict(List.of(new NodeExit(1, 1, Ending.NOT_STARTED, null),
                new NodeExit(0, 1, Ending.NOT_STARTED, null)));
        assertEquals(ExitCodes.USAGE, v.exitCode());
        assertEquals(List.of("jdsm: job failed: node JVM for rank 1 could not start (exit code 1); check --jvm-arg"),
                v.summary());
    }

    @Test
    void onlyBystandersStillFailTheJob() {
        Verdict v = new Verdict(List.of(new NodeExit(1, ExitCodes.STOPPED, Ending.ANNOUNCED,
                "job stopped because node 0 is unreachable")));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 1 exited with code 3: job stopped because node 0 is unreachable"), v.summary());
    }
}
