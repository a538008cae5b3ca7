package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import javassist.bytecode.ClassFile;
import org.jdsm.instrument.programs.ManyCallsPlain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A method that caching checks would grow past HotSpot's {@code HugeMethodLimit} (and so leave
 * interpreted forever) is rewritten without caching at its access sites instead, and still checks
 * every access.
 */
class HugeMethodTest {

    @Test
    void methodThatWouldGrowHugeStaysCompilable() throws Exception {
        int before;
        try (InputStream in = ManyCallsPlain.class.getResourceAsStream("ManyCallsPlain.class")) {
            before = new ClassFile(new DataInputStream(in)).getMethod("sweep").getCodeAttribute().getCodeLength();
        }
        int after = HoistingTest.rewritten(ManyCallsPlain.class).getMethod("sweep").getCodeAttribute().getCodeLength();
        assertTrue(after > before && after <= Rewriter.HUGE_METHOD,
                "sweep() is " + before + " bytes as compiled and " + after + " bytes instrumented");
    }

    @ParameterizedTest
    @ValueSource(strings = {"lrc", "sc"})
    @Timeout(60)
    void itsAccessesAreStillChecked(String protocol) {
        int nodes = 2;
        int threads = 2;
        int rounds = 5;
        Jobs.runInstrumented("ManyCallsPlain", protocol, nodes, threads, String.valueOf(rounds));
        // Round r's call k returns r * 40 + k + 1 on every thread; cell k of a thread sums them over the rounds.
        long perThread = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 40; k++) {
                perThread += r * 40L + k + 1;
            }
        }
        assertEquals(perThread * nodes * threads, Results.take("ManyCallsPlain"));
    }
}
