package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Node start-up errors that need no other node. */
class NodeMainTest {

    @Test
    void badArgumentsAreAUsageError() {
        assertEquals(ExitCodes.USAGE, NodeMain.run(new String[] {"--rank"}, Map.of()));
    }

    @Test
    void aNodeWithoutItsSecretFailsInsteadOfRunningUnauthenticated() {
        NodeArgs node = new NodeArgs(0, 1, 1, "lrc", "netty", "job", Path.of("."), "Job", false, -1, List.of());
        assertEquals(ExitCodes.FAILED, NodeMain.run(node.toArgs().toArray(new String[0]), Map.of()));
    }
}
