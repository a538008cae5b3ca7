package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.InputStream;
import javassist.ClassPool;
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
        byte[] original;
        try (InputStream in = ManyCallsPlain.class.getResourceAsStream("ManyCallsPlain.class")) {
            original = in.readAllBytes();
        }
        int before = codeLength(original, "sweep");
        ClassPool pool = new ClassPool(true);
        pool.insertClassPath(new javassist.LoaderClassPath(ManyCallsPlain.class.getClassLoader()));
        int after = codeLength(new Rewriter(pool).rewrite(original), "sweep");
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

    private static int codeLength(byte[] classFile, String method) throws Exception {
        ClassFile cf = new ClassFile(new DataInputStream(new ByteArrayInputStream(classFile)));
        return cf.getMethod(method).getCodeAttribute().getCodeLength();
    }
}
