package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How {@link NodeProcess} tells the ways a node JVM ended apart, from real processes. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NodeProcessTest {

    /**
     * A node killed (SIGKILL) while its JVM was starting, before it said so, failed the job as a
     * node whose JVM rejected its options: "node JVM for rank 3 could not start (exit code 137);
     * check --jvm-arg", exit code 2. It is a rank killed by a signal.
     */
    @Test
    void aNodeKilledBeforeItSaidItStartedIsNamedWithItsSignal() throws Exception {
        NodeExit exit = endedNode(3, "kill -9 $$");
        assertEquals(NodeExit.Ending.UNANNOUNCED, exit.ending());
        Verdict verdict = new Verdict(List.of(exit));
        assertEquals(ExitCodes.FAILED, verdict.exitCode());
        assertEquals(List.of("jdsm: job failed: rank 3 exited with code 137 (signal 9)"), verdict.summary());
    }

    @Test
    void aNodeThatExitsWithACodeBeforeItSaidItStartedCouldNotStart() throws Exception {
        NodeExit exit = endedNode(1, "exit 1");
        assertEquals(NodeExit.Ending.NOT_STARTED, exit.ending());
        assertEquals(ExitCodes.USAGE, new Verdict(List.of(exit)).exitCode());
    }

    /** Runs {@code script} as the process of node {@code rank} and returns how it ended. */
    private static NodeExit endedNode(int rank, String script) throws Exception {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        NodeProcess node = NodeProcess.start(rank, new ProcessBuilder("sh", "-c", script), sink, sink);
        node.onExit().get(20, TimeUnit.SECONDS);
        node.awaitOutput(2_000);
        return node.exit();
    }
}
