package org.jdsm.samples.pi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jdsm.samples.support.SampleJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PiTest {

    private static final List<String> SMALL = List.of("200000", "40");
    private static double sequential;

    @BeforeAll
    static void sequentialRun() {
        sequential = PiPlain.run(1, SMALL);
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void dsmRunMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, SampleJob.run(Pi.class, PiReference.NAME, protocol, nodes, threadsPerNode, SMALL));
    }

    /** Correctness at scale (slow on a small machine): {@code -Djdsm.samples.scale=true} enables it. */
    @ParameterizedTest(name = "{0} 16x1")
    @ValueSource(strings = {"lrc", "sc"})
    @EnabledIfSystemProperty(named = SampleJob.SCALE_PROPERTY, matches = "true")
    @Timeout(120)
    void sixteenNodesMatchTheSequentialRun(String protocol) {
        assertEquals(sequential, SampleJob.run(Pi.class, PiReference.NAME, protocol, 16, 1, SMALL));
    }

    @Test
    @Timeout(30)
    void plainThreadsMatchTheSequentialRun() {
        assertEquals(sequential, PiPlain.run(3, SMALL));
    }
}
