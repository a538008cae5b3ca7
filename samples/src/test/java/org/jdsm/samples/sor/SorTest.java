package org.jdsm.samples.sor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.samples.support.SampleJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SorTest {

    private static final List<String> SMALL = List.of("64", "10");
    private static double sequential;

    @BeforeAll
    static void sequentialRun() {
        sequential = SorReference.sequentialTotal(SorSize.parse(SMALL));
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void dsmRunMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, SampleJob.run(Sor.class, SorReference.NAME, protocol, nodes, threadsPerNode, SMALL));
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @MethodSource("org.jdsm.samples.support.SampleJob#shapes")
    @Timeout(30)
    void plainCodeInstrumentedMatchesTheSequentialRun(String protocol, int nodes, int threadsPerNode) {
        assertEquals(sequential, SampleJob.runInstrumented(SorPlainCode.class, SorReference.NAME, protocol, nodes, threadsPerNode, SMALL));
    }

    @Test
    @Timeout(30)
    void plainCodeUninstrumentedFailsItsValidation() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> SampleJob.run(SorPlainCode.class, SorReference.NAME, "lrc", 2, 1, SMALL));
        assertTrue(e.getMessage().contains("SOR FAIL"), e.getMessage());
    }

    /** Correctness at scale (slow on a small machine): {@code -Djdsm.samples.scale=true} enables it. */
    @ParameterizedTest(name = "{0} 16x1")
    @ValueSource(strings = {"lrc", "sc"})
    @EnabledIfSystemProperty(named = SampleJob.SCALE_PROPERTY, matches = "true")
    @Timeout(120)
    void sixteenNodesMatchTheSequentialRun(String protocol) {
        assertEquals(sequential, SampleJob.run(Sor.class, SorReference.NAME, protocol, 16, 1, SMALL));
    }

    @Test
    @Timeout(30)
    void plainThreadsMatchTheSequentialRun() {
        assertEquals(sequential, SorPlain.run(3, SMALL));
    }

    @Test
    @Timeout(60)
    void sizeAMatchesJgfPublishedGtotal() {
        double gtotal = SampleJob.run(Sor.class, SorReference.NAME, "lrc", 2, 1, List.of());
        assertEquals(0.498574406322512, gtotal, 1e-12);
    }
}
