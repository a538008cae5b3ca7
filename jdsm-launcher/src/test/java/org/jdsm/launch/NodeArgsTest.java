package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeArgsTest {

    private final NodeArgs node = new NodeArgs(2, 4, 3, "lrc", "netty", "job-1", Path.of("/jobs/job.jar"),
            "com.example.Job", true, 1234, List.of("--size", "10", "--"));

    @Test
    void roundTripsThroughTheCommandLine() {
        assertEquals(node, NodeArgs.parse(node.toArgs().toArray(new String[0])));
    }

    @Test
    void jobArgumentsThatLookLikeOptionsStayJobArguments() {
        NodeArgs parsed = NodeArgs.parse(node.toArgs().toArray(new String[0]));
        assertEquals(List.of("--size", "10", "--"), parsed.args());
    }

    @Test
    void missingAndMalformedArgumentsAreNamed() {
        assertEquals("missing --class", assertThrows(IllegalArgumentException.class,
                () -> NodeArgs.parse(new String[] {"--rank", "0", "--nodes", "1", "--threads", "1", "--protocol", "lrc",
                    "--comm", "netty", "--job-id", "j", "--job-path", "x"})).getMessage());
        assertEquals("--rank needs a number, got 'two'", assertThrows(IllegalArgumentException.class,
                () -> NodeArgs.parse(new String[] {"--rank", "two"})).getMessage());
        assertEquals("unknown argument --bogus", assertThrows(IllegalArgumentException.class,
                () -> NodeArgs.parse(new String[] {"--bogus"})).getMessage());
        assertEquals("--nodes needs a value", assertThrows(IllegalArgumentException.class,
                () -> NodeArgs.parse(new String[] {"--nodes"})).getMessage());
    }
}
