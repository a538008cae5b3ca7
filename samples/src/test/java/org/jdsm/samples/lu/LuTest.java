package org.jdsm.samples.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.Drand48;
import org.jdsm.samples.support.SampleJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class LuTest {

    private static final List<String> SMALL = List.of("128", "16");
    private static double sequential;

    @BeforeAll
    static void sequentialRun() {
        sequential = LuPlain.run(1, SMALL);
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void dsmRunMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, SampleJob.run(Lu.class, LuReference.NAME, protocol, nodes, threadsPerNode, SMALL));
    }

    /** Correctness at scale (slow on a small machine): {@code -Djdsm.samples.scale=true} enables it. */
    @ParameterizedTest(name = "{0} 16x1")
    @ValueSource(strings = {"lrc", "sc"})
    @EnabledIfSystemProperty(named = SampleJob.SCALE_PROPERTY, matches = "true")
    @Timeout(120)
    void sixteenNodesMatchTheSequentialRun(String protocol) {
        assertEquals(sequential, SampleJob.run(Lu.class, LuReference.NAME, protocol, 16, 1, SMALL));
    }

    @Test
    @Timeout(30)
    void plainThreadsMatchTheSequentialRun() {
        assertEquals(sequential, LuPlain.run(3, SMALL));
    }

    @Test
    @Timeout(60)
    void size512SolvesToAllOnes() {
        // The job fails unless every component of the solution is within 1e-5 of 1.
        assertEquals(LuPlain.run(1, List.of()), SampleJob.run(Lu.class, LuReference.NAME, "lrc", 2, 2, List.of()));
    }

    @Test
    @Timeout(10)
    void drand48MatchesTheCLibrary() {
        Drand48 r = new Drand48(1);
        // glibc: srand48(1); lrand48() x 3
        assertEquals(89400484L, r.lrand48());
        assertEquals(976015093L, r.lrand48());
        assertEquals(1792756325L, r.lrand48());
    }

    @Test
    @Timeout(10)
    void everyBlockIsHomedOnItsOwnersNode() {
        LuSize size = new LuSize(160, 16);
        int threadsPerNode = 2;
        LuLayout layout = new LuLayout(size, 6, threadsPerNode);
        int nodes = 3;
        for (int i = 0; i < size.blocks(); i++) {
            for (int j = 0; j < size.blocks(); j++) {
                int slot = layout.offset(i, j) / layout.blockArea();
                int home = (int) ((long) slot * nodes / (layout.length() / layout.blockArea())); // BLOCK rule
                assertEquals(layout.owner(i, j) / threadsPerNode, home, "block (" + i + "," + j + ")");
            }
        }
    }
}
