package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.jdsm.DsmException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ways plain code reaches shared data besides {@code a[i]} in the method that registered it.
 * Each program checks every value itself after a barrier; run uninstrumented (the control), the
 * same program must fail, so the checks are what makes it pass.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TrickyAccessTest {

    private static final int NODES = 2;
    private static final int THREADS = 2;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void aliasesMethodArgumentsRowsAndStaticFields(String protocol) {
        Jobs.runInstrumented("AliasesPlain", protocol, NODES, THREADS, "100");
        assertAllThreadsRecorded("AliasesPlain");
        assertThrows(DsmException.class, () -> Jobs.runPlain("AliasesPlain", protocol, NODES, THREADS, "100"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void fieldsConstructorsInnerClassesAndLambdas(String protocol) {
        Jobs.runInstrumented("ObjectsPlain", protocol, NODES, THREADS, "23");
        assertAllThreadsRecorded("ObjectsPlain");
        assertThrows(DsmException.class, () -> Jobs.runPlain("ObjectsPlain", protocol, NODES, THREADS, "23"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void exceptionThrownWhileHoldingTheLockReleasesIt(String protocol) {
        Jobs.runInstrumented("LockExceptionPlain", protocol, NODES, THREADS, "30");
        for (int t = 0; t < NODES * THREADS; t++) {
            assertEquals(20, Results.take("LockExceptionPlain" + t), "exceptions caught by thread " + t);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void bulkOperationsOfTheJdkAndEnhancedFor(String protocol) {
        Jobs.runInstrumented("BulkPlain", protocol, 3, THREADS, "13");
        for (int t = 0; t < 3 * THREADS; t++) {
            assertEquals("ok", Results.take("BulkPlain" + t), "BulkPlain thread " + t);
        }
        assertThrows(DsmException.class, () -> Jobs.runPlain("BulkPlain", protocol, 3, THREADS, "13"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void bufferViewOfASharedArrayFailsNamingClassAndLine(String protocol) {
        DsmException e = assertThrows(DsmException.class, () -> Jobs.runInstrumented("BufferViewPlain", protocol, NODES, THREADS));
        assertTrue(e.getMessage().contains("DoubleBuffer.wrap of a shared double[] at "
                + "org.jdsm.instrument.programs.BufferViewPlain.start(BufferViewPlain.java:18) is not supported"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void listViewOfASharedArrayFailsNamingClassAndLine(String protocol) {
        DsmException e = assertThrows(DsmException.class, () -> Jobs.runInstrumented("AsListPlain", protocol, NODES, THREADS));
        assertTrue(e.getMessage().contains("Arrays.asList of a shared Integer[] at "
                + "org.jdsm.instrument.programs.AsListPlain.start(AsListPlain.java:19) is not supported"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void writersTakingBlocksInDifferentOrdersFinish(String protocol) {
        Jobs.runInstrumented("CrossOrderPlain", protocol, 3, THREADS, "240", "8", "6");
        for (int t = 0; t < 3 * THREADS; t++) {
            assertEquals("ok", Results.take("CrossOrderPlain" + t), "CrossOrderPlain thread " + t);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void finReadsAreCheckedToo(String protocol) {
        Jobs.runInstrumented("FinReadsPlain", protocol, NODES, THREADS);
        for (int n = 0; n < NODES; n++) {
            assertEquals(100.0 * NODES * THREADS, Results.take("FinReadsPlain" + n), "the sum fin() read on node " + n);
        }
        Jobs.runPlain("FinReadsPlain", protocol, NODES, THREADS);
        assertTrue((double) Results.take("FinReadsPlain1") < 100.0 * NODES * THREADS, "the control reads stale data");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void sharedDataTouchedOnAThreadOfTheJobsOwnIsReportedOncePerNode(String protocol) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Jobs.runInstrumented("OwnThreadPlain", protocol, NODES, THREADS);
        } finally {
            System.setErr(stderr);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        long warnings = out.lines().filter(l -> l.contains("thread 'own-reader' touched shared object #0")
                && l.contains("runs neither start() nor fin()")).count();
        assertEquals(NODES, warnings, out);
    }

    private static void assertAllThreadsRecorded(String program) {
        for (int t = 0; t < NODES * THREADS; t++) {
            assertEquals("ok", Results.take(program + t), program + " thread " + t);
        }
    }
}
