package org.jdsm.samples.series;

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

class SeriesTest {

    private static final List<String> SMALL = List.of("120");
    private static double sequential;

    @BeforeAll
    static void sequentialRun() {
        sequential = SeriesPlain.run(1, SMALL);
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void dsmRunMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, SampleJob.run(Series.class, SeriesReference.NAME, protocol, nodes, threadsPerNode, SMALL));
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void plainCodeInstrumentedMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, SampleJob.runInstrumented(SeriesPlainCode.class, SeriesReference.NAME, protocol, nodes, threadsPerNode, SMALL));
    }

    /** Correctness at scale (slow on a small machine): {@code -Djdsm.samples.scale=true} enables it. */
    @ParameterizedTest(name = "{0} 16x1")
    @ValueSource(strings = {"lrc", "sc"})
    @EnabledIfSystemProperty(named = SampleJob.SCALE_PROPERTY, matches = "true")
    @Timeout(120)
    void sixteenNodesMatchTheSequentialRun(String protocol) {
        assertEquals(sequential, SampleJob.run(Series.class, SeriesReference.NAME, protocol, 16, 1, SMALL));
    }

    @Test
    @Timeout(30)
    void plainThreadsMatchTheSequentialRun() {
        assertEquals(sequential, SeriesPlain.run(3, SMALL));
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedCoefficients() {
        // The job checks the first four pairs against JGF's table; here the sum of all 10,000 pairs too.
        double checksum = SampleJob.run(Series.class, SeriesReference.NAME, "lrc", 2, 1, List.of());
        assertEquals(SeriesPlain.run(2, List.of()), checksum);
    }
}
