package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class NodeLastWordsTest {

    /** A JVM dead of a full heap is named with what to do about it, under jdsm run and jdsm submit alike. */
    @Test
    void aJvmDeadOfAFullHeapIsNamedWithWhatToDo() {
        NodeLastWords words = words("Exception: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler in thread \"main\"");
        assertEquals("java.lang.OutOfMemoryError (uncaught in thread \"main\"); the node JVM's heap is full: give it more with "
                + "--jvm-arg=-Xmx<size>, e.g. --jvm-arg=-Xmx4g", words.explain(1, NodeExit.Ending.UNANNOUNCED));
        assertEquals("java.lang.OutOfMemoryError: Java heap space (uncaught in thread \"t\")" + NodeLastWords.HEAP_ADVICE,
                words("Exception in thread \"t\" java.lang.OutOfMemoryError: Java heap space").explain(1, NodeExit.Ending.UNANNOUNCED));
    }

    /** Other exhaustion is not the heap's: no advice to grow it. */
    @Test
    void otherOutOfMemoryErrorsGetNoHeapAdvice() {
        assertEquals("java.lang.OutOfMemoryError: Metaspace (uncaught in thread \"main\")",
                words("Exception in thread \"main\" java.lang.OutOfMemoryError: Metaspace").explain(1, NodeExit.Ending.UNANNOUNCED));
    }

    /** The node's own report wins; the uncaught line counts only for a JVM that exited 1 unannounced. */
    @Test
    void theNodesOwnReportWins() {
        NodeLastWords words = words("Exception in thread \"t\" java.lang.OutOfMemoryError: Java heap space",
                "jdsm: node 1 failed in start(): boom");
        assertEquals("node 1 failed in start(): boom", words.explain(1, NodeExit.Ending.UNANNOUNCED));
        NodeLastWords uncaughtOnly = words("Exception in thread \"t\" java.lang.IllegalStateException: x");
        assertEquals(null, uncaughtOnly.explain(1, NodeExit.Ending.ANNOUNCED));
        assertEquals(null, uncaughtOnly.explain(5, NodeExit.Ending.UNANNOUNCED));
    }

    /**
     * A node's report that its own JVM shuts down (System.exit in its job, a signal) is told from
     * a bystander's report that another node's did.
     */
    @Test
    void aNodesOwnJvmShutdownIsRecognized() {
        String exitCall = JvmShutdownReport.describe(1, Optional.of("at Job.start(Job.java:9) on thread jdsm-n1-t1"));
        assertEquals("node 1 called System.exit at Job.start(Job.java:9) on thread jdsm-n1-t1", exitCall);
        assertTrue(words("jdsm: " + exitCall).jvmShutDown());
        assertTrue(words("jdsm: " + JvmShutdownReport.describe(2, Optional.empty())).jvmShutDown());
        assertFalse(words("jdsm: job stopped because node 1's JVM is shutting down before the job ended "
                + "(System.exit in the job, or a signal)").jvmShutDown());
        assertFalse(words(exitCall).jvmShutDown(), "the job's own print, not a report");
    }

    private static NodeLastWords words(String... lines) {
        NodeLastWords words = new NodeLastWords();
        for (String line : lines) {
            words.note(line);
        }
        return words;
    }
}
