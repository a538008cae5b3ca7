package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Plain-code programs, instrumented, give the same results as their explicit-API twins under
 * every protocol, on 2 nodes of 2 threads.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PlainVersusExplicitTest {

    private static final int NODES = 2;
    private static final int THREADS = 2;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void vecMulWithBlocksWrittenByEveryThread(String protocol) {
        Jobs.runInstrumented("VecMulPlain", protocol, NODES, THREADS, "1000", "64");
        Jobs.runPlain("VecMulExplicit", protocol, NODES, THREADS, "1000", "64");
        assertArrayEquals((double[]) take("VecMulExplicit"), (double[]) take("VecMulPlain"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void counterUnderSynchronized(String protocol) {
        Jobs.runInstrumented("CounterPlain", protocol, NODES, THREADS, "50");
        Jobs.runPlain("CounterExplicit", protocol, NODES, THREADS, "50");
        assertEquals(3L * 50 * NODES * THREADS, take("CounterExplicit"));
        assertEquals(3L * 50 * NODES * THREADS, take("CounterPlain"));
    }

    /**
     * Plain code run as compiled, as a user who forgot {@code --instrument} runs it, gave wrong
     * results without a word: each node now says so, and neither twin above is warned about.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void plainCodeRunWithoutInstrumentationIsWarnedAbout(String protocol) {
        String uninstrumented = Jobs.stderrOf(() -> Jobs.runPlain("CounterPlain", protocol, NODES, THREADS, "50"));
        take("CounterPlain");
        for (int node = 0; node < NODES; node++) {
            assertTrue(uninstrumented.contains("jdsm: warning: node " + node + " registered shared objects, but its"
                    + " start() made no update, acquire, release or lock call on any of them"), uninstrumented);
        }
        assertTrue(uninstrumented.contains("run the job with --instrument"), uninstrumented);
        String twins = Jobs.stderrOf(() -> {
            Jobs.runInstrumented("CounterPlain", protocol, NODES, THREADS, "50");
            Jobs.runPlain("CounterExplicit", protocol, NODES, THREADS, "50");
        });
        take("CounterPlain");
        take("CounterExplicit");
        assertFalse(twins.contains("made no update, acquire, release or lock call"), twins);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void dataHandedOverThroughBarriers(String protocol) {
        Jobs.runInstrumented("HandoverPlain", protocol, NODES, THREADS, "37");
        Jobs.runPlain("HandoverExplicit", protocol, NODES, THREADS, "37");
        assertArrayEquals((int[]) take("HandoverExplicit"), (int[]) take("HandoverPlain"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void falseSharingOfInterleavedElements(String protocol) {
        Jobs.runInstrumented("FalseSharingPlain", protocol, NODES, THREADS, "200", "16");
        Jobs.runPlain("FalseSharingExplicit", protocol, NODES, THREADS, "200", "16");
        for (int t = 0; t < NODES * THREADS; t++) {
            assertEquals(take("FalseSharingExplicit" + t), take("FalseSharingPlain" + t), "thread " + t);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void stencilReadingNeighbourRowsWrittenInTheSamePhase(String protocol) {
        Jobs.runInstrumented("StencilPlain", protocol, NODES, THREADS, "24", "5");
        Jobs.runPlain("StencilExplicit", protocol, NODES, THREADS, "24", "5");
        assertEquals(take("StencilExplicit"), take("StencilPlain"));
    }

    @ParameterizedTest(name = "{0}, blocks of {1}")
    @CsvSource({"lrc, 29", "sc, 29", "lrc, 7", "sc, 13", "lrc, 61", "lrc, 3"})
    void loopNestsCheckedBeforeTheOuterLoopReadWhatNeighboursWrote(String protocol, String block) {
        Jobs.runInstrumented("LoopNestsPlain", protocol, NODES, THREADS, "29", "30", block);
        Jobs.runPlain("LoopNestsPlain", protocol, 1, 1, "29", "30", block); // one thread: right without checks
        assertEquals(take("LoopNestsPlain1"), take("LoopNestsPlain" + NODES * THREADS));
    }

    private static Object take(String key) {
        Object value = Results.take(key);
        assertNotNull(value, key + " recorded nothing");
        return value;
    }
}
