package org.jdsm.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ordinary scientific Java in plain code, run instrumented on 2 nodes x 2 threads against the
 * sequential result: helpers taking the arrays as parameters (called once, in loops, nested),
 * instance kernels of other classes, while/do-while loops, labeled continue, try/finally, strided
 * descending loops, scatter through an index array, compound operators, a synchronized method of a
 * shared accumulator; reductions under the job object's monitor; and a reduction under a private
 * lock, which cannot be made job-wide and is reported, as is a total summed into a static field.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ScienceShapesTest {

    private static final int NODES = 2;
    private static final int THREADS = 2;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void scientificKernels(String protocol) {
        run("ScienceShapesPlain", protocol);
    }

    /** Lost updates under LRC (141 of 200) and a hang under SC before the job monitor became a job-wide lock. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void reductionsUnderTheJobObjectsMonitor(String protocol) {
        String err = Jobs.stderrOf(() -> run("JobMonitorPlain", protocol));
        assertFalse(err.contains("that is not shared"), err);
    }

    /** A private lock object: each node's warning names the site and the lock's class. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void sharedWritesUnderAPrivateLockAreReported(String protocol) {
        String err = Jobs.stderrOf(() -> Jobs.runInstrumented("PrivateLockPlain", protocol, NODES, THREADS));
        long warnings = err.lines().filter(l -> l.startsWith("jdsm: warning: ") && l.contains(" is written at "
                + "org.jdsm.instrument.programs.PrivateLockPlain.start(PrivateLockPlain.java:24) inside synchronized on a "
                + "java.lang.Object that is not shared")).count();
        assertEquals(NODES, warnings, err);
        for (int t = 0; t < NODES * THREADS; t++) {
            Results.take("PrivateLockPlain" + t);
        }
    }

    /** A total summed into a static field under a job-wide lock: every node kept its own part, silently. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void staticTotalsUnderAJobWideLockAreReported(String protocol) {
        String err = Jobs.stderrOf(() -> Jobs.runInstrumented("StaticTotalPlain", protocol, NODES, THREADS));
        long warnings = err.lines().filter(l -> l.startsWith("jdsm: warning: static field "
                + "org.jdsm.instrument.programs.StaticTotalPlain.total is written at "
                + "org.jdsm.instrument.programs.StaticTotalPlain.add(StaticTotalPlain.java:27) inside a job-wide lock")).count();
        assertEquals(NODES, warnings, err); // once per field and node
        assertFalse(err.contains("lastThread"), err);
        for (int t = 0; t < NODES * THREADS; t++) {
            Results.take("StaticTotalPlain" + t);
        }
    }

    /** A synchronized method of an element of a shared array: updates from other nodes were lost with no word. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lrc", "sc"})
    void synchronizedMethodsOfElementsAreReported(String protocol) {
        String err = Jobs.stderrOf(() -> Jobs.runInstrumented("ElementMonitorPlain", protocol, NODES, THREADS));
        long warnings = err.lines().filter(l -> l.startsWith("jdsm: warning: synchronized method "
                + "org.jdsm.instrument.programs.ElementMonitorPlain$Counter.add() at "
                + "org.jdsm.instrument.programs.ElementMonitorPlain.start(ElementMonitorPlain.java:37) is called on an element of "
                + "shared object")).count();
        assertEquals(NODES, warnings, err);
        for (int t = 0; t < NODES * THREADS; t++) {
            Results.take("ElementMonitorPlain" + t);
        }
    }

    private static void run(String program, String protocol, String... args) {
        Jobs.runInstrumentedToOk(program, protocol, NODES, THREADS, args);
    }
}
