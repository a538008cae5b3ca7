package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.launch.NodeExit.Ending;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

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

    /**
     * A rank whose JVM ended without the node runtime's word is blamed with its own code, not the
     * rank it left behind, whichever ended first; the job exits with FAILED.
     */
    @ParameterizedTest(name = "{0}")
    @FieldSource("org.jdsm.launch.EarlyExit#ALL")
    void aRankWhoseJvmEndedUnannouncedIsBlamedWithItsOwnCode(EarlyExit early) {
        NodeExit culprit = new NodeExit(1, early.code(), Ending.UNANNOUNCED, null);
        NodeExit bystander = new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED, "job stopped because node 1 is unreachable");
        for (List<NodeExit> exits : List.of(List.of(culprit, bystander), List.of(bystander, culprit))) {
            Verdict v = new Verdict(exits);
            assertFalse(v.ok());
            assertEquals(ExitCodes.FAILED, v.exitCode());
            assertEquals(List.of(early.summary()), v.summary(), exits.toString());
        }
    }

    /**
     * A rank whose JVM began to shut down in the job (its System.exit) and was then stopped (killed
     * by jdsm run, held by a slow hook; stopped by its server under jdsm submit) is the cause, not
     * the bystander it stopped, which exited first.
     */
    @Test
    void aRankStoppedDuringItsOwnJvmShutdownIsBlamedNotItsBystander() {
        String exitCall = "node 1 called System.exit at Job.start(Job.java:9) on thread jdsm-n1-t1";
        NodeExit bystander = new NodeExit(0, ExitCodes.STOPPED, Ending.ANNOUNCED,
                "job stopped because node 1's JVM is shutting down before the job ended (System.exit in the job, or a signal)");
        Verdict killed = new Verdict(List.of(bystander, new NodeExit(1, null, 137, Ending.KILLED, exitCall, true)));
        assertEquals(List.of("jdsm: job failed: rank 1 was stopped during its JVM's shutdown: " + exitCall,
                "jdsm: killed rank(s) 1 that did not stop by themselves"), killed.summary());
        Verdict stopped = new Verdict(List.of(bystander, new NodeExit(1, "h1", ExitCodes.STOPPED, Ending.ANNOUNCED, exitCall, true)));
        assertEquals(List.of("jdsm: job failed: rank 1 on h1 was stopped during its JVM's shutdown: " + exitCall), stopped.summary());
        assertEquals(ExitCodes.FAILED, stopped.exitCode());
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
