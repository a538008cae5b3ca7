package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeJvmTest {

    @Test
    void severalNodesWhoseThreadsFillTheCoresShareThem() {
        assertTrue(NodeJvm.sharesCores(2, 1, 2));
        assertTrue(NodeJvm.sharesCores(4, 2, 2));
        assertTrue(NodeJvm.sharesCores(2, 8, 16));
    }

    @Test
    void oneNodeOrSpareCoresDoNot() {
        assertFalse(NodeJvm.sharesCores(1, 2, 2), "one node JVM: nothing to share with");
        assertFalse(NodeJvm.sharesCores(1, 64, 2));
        assertFalse(NodeJvm.sharesCores(2, 1, 64), "cores to spare for the compilers");
        assertFalse(NodeJvm.sharesCores(3, 5, 16));
    }

    @Test
    void nodeJvmsLogOneLinePerRecord() {
        assertTrue(NodeJvm.portableOptions().contains("-Djava.util.logging.SimpleFormatter.format="
                + NodeJvm.ONE_LINE_LOG_FORMAT));
        // SimpleFormatter's arguments: date, source, logger, level, message, thrown.
        assertEquals("WARNING: node 0: lost node 1" + System.lineSeparator(), String.format(NodeJvm.ONE_LINE_LOG_FORMAT,
                null, "org.jdsm.comm.ucx.UcxMesh fail", "org.jdsm.comm.ucx.UcxMesh", "WARNING", "node 0: lost node 1", ""));
    }

    @Test
    void theOptionsComeBeforeTheUsersSoTheUserWins() {
        NodeArgs node = new NodeArgs(0, 64 * Runtime.getRuntime().availableProcessors(), 1, "lrc", "netty", "job",
                Path.of("job.jar"), "com.example.Job", false, 1, List.of());
        List<String> command = NodeJvm.command(NodeJava.current(), List.of("-XX:CompileThresholdScaling=1"), node);
        int ours = command.indexOf("-XX:CompileThresholdScaling=" + NodeJvm.COMPILE_THRESHOLD_SCALING);
        int users = command.indexOf("-XX:CompileThresholdScaling=1");
        assertTrue(ours > 0 && users > ours, command.toString());
        assertEquals(NodeMain.class.getName(), command.get(command.indexOf("-cp") + 2));
    }

    @Test
    void eachNodeJvmGetsTheOptionsItsOwnJavaAccepts() {
        NodeArgs node = new NodeArgs(0, 2, 1, "lrc", "netty", "job", Path.of("job.jar"), "com.example.Job", false, 1,
                List.of());
        List<String> on17 = NodeJvm.command(new NodeJava(Path.of("/jdk17/bin/java"), 17), List.of(), node);
        List<String> on25 = NodeJvm.command(new NodeJava(Path.of("/jdk25/bin/java"), 25), List.of(), node);
        assertEquals("/jdk17/bin/java", on17.get(0));
        assertEquals("/jdk25/bin/java", on25.get(0));
        // Java 17 refuses to start with an option it does not know, whatever the launcher runs on.
        assertFalse(on17.contains(UNSAFE_ALLOWED), on17.toString());
        assertTrue(on25.contains(UNSAFE_ALLOWED), on25.toString());
    }

    private static final String UNSAFE_ALLOWED = "--sun-misc-unsafe-memory-access=allow";
}
