package org.jdsm.launch.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteDiagnosisTest {

    private static String explain(int code, List<String> stderr, boolean connected) {
        return RemoteDiagnosis.explain("the Server", "n1", code, stderr, connected, "java");
    }

    @Test
    void aKilledServerIsSaidToBeKilled() {
        assertEquals("the Server on n1 ended without a report, exit code 137 (signal 9) (killed, crashed or its host went"
                + " down)", explain(137, List.of(), true));
    }

    @Test
    void anExitOfItsOwnPointsAtTheJobsSystemExit() {
        assertEquals("the Server on n1 ended without a report, exit code 7 (the job called System.exit, or the JVM"
                + " failed)", explain(7, List.of(), true));
    }

    @Test
    void aServerThatNeverSpokePointsAtTheRemoteJava() {
        assertEquals("the Server on n1 ended without a report, exit code 1 before it started (is 'java' Java 17 or newer?"
                + " --remote-java picks another)", explain(1, List.of(), false));
    }

    @Test
    void noExitStatusMeansTheConnectionWasLost() {
        assertEquals("the Server on n1 ended without a report, exit code -1 (the connection to it was lost): bye",
                explain(-1, List.of("bye"), true));
    }

    @Test
    void knownCausesKeepTheirOwnWords() {
        assertEquals("no java on n1: 'java' not found (install Java 17 or newer, or pass --remote-java)",
                explain(127, List.of(), false));
        assertEquals("ssh from the gateway to n1 failed: Permission denied", explain(255, List.of("Permission denied"), false));
    }
}
