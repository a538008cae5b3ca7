package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void everyNodeExitingZeroIsSuccess() {
        Verdict v = new Verdict(List.of(new NodeExit(1, 0, false, null), new NodeExit(0, 0, false, null)));
        assertTrue(v.ok());
        assertEquals(0, v.exitCode());
        assertEquals(List.of(), v.summary());
    }

    @Test
    void blamesTheFailingNodeNotTheBystandersThatExitedFirst() {
        Verdict v = new Verdict(List.of(
                new NodeExit(0, ExitCodes.STOPPED, false, "job stopped because node 2 failed in start(): boom"),
                new NodeExit(2, ExitCodes.FAILED, false, "node 2 failed in start(): boom"),
                new NodeExit(1, 137, true, null)));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 2 exited with code 1: node 2 failed in start(): boom",
                "jdsm: killed rank(s) 1 that did not stop by themselves"), v.summary());
    }

    @Test
    void aNodeKilledBySomeoneElseIsNamedWithItsSignal() {
        Verdict v = new Verdict(List.of(new NodeExit(3, 137, false, null),
                new NodeExit(0, ExitCodes.STOPPED, false, "job stopped because node 3 is unreachable")));
        assertEquals(137, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 3 exited with code 137 (signal 9)"), v.summary());
    }

    @Test
    void onlyBystandersStillFailTheJob() {
        Verdict v = new Verdict(List.of(new NodeExit(1, ExitCodes.STOPPED, false, "job stopped because node 0 is unreachable")));
        assertEquals(ExitCodes.FAILED, v.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 1 exited with code 3: job stopped because node 0 is unreachable"), v.summary());
    }
}
