package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class RankedLinesTest {

    @Test
    void prefixesEveryLineAndKeepsTheFirstReport() throws Exception {
        String text = "hello\njdsm: node 3 failed in start(): boom\n\tat X.y(X.java:1)\njdsm: later\nno newline";
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream to = new PrintStream(sink, true, StandardCharsets.UTF_8);
        RankedLines lines = new RankedLines(3, "err", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8, to);
        lines.await(5_000);
        assertEquals(String.join(System.lineSeparator(), "[3] hello", "[3] jdsm: node 3 failed in start(): boom",
                "[3] \tat X.y(X.java:1)", "[3] jdsm: later", "[3] no newline", ""), sink.toString(StandardCharsets.UTF_8));
        assertEquals("node 3 failed in start(): boom", lines.lastWords().report());
    }

    @Test
    void keepsTheNodesStatusLinesToItself() throws Exception {
        ByteArrayOutputStream status = new ByteArrayOutputStream();
        PrintStream node = new PrintStream(status, true, StandardCharsets.UTF_8);
        NodeStatus.announceStarted(node);
        node.println("jdsm: job stopped");
        NodeStatus.announceExit(node, ExitCodes.STOPPED);
        String text = status.toString(StandardCharsets.UTF_8);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        RankedLines lines = new RankedLines(1, "err", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8, new PrintStream(sink, true, StandardCharsets.UTF_8));
        lines.await(5_000);
        assertEquals("[1] jdsm: job stopped" + System.lineSeparator(), sink.toString(StandardCharsets.UTF_8));
        assertTrue(lines.status().started());
        assertEquals(OptionalInt.of(ExitCodes.STOPPED), lines.status().announcedExit());
    }

    @Test
    void aNodeThatSaidNothingNeitherStartedNorAnnouncedAnExit() throws Exception {
        RankedLines lines = new RankedLines(1, "err", new ByteArrayInputStream("jdsm-node-ish\n".getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        lines.await(5_000);
        assertFalse(lines.status().started());
        assertEquals(OptionalInt.empty(), lines.status().announcedExit());
    }

    /** A node printing without line breaks comes out in prefixed pieces, all of it, not held whole by the launcher. */
    @Test
    void aLineLongerThanTheLimitComesOutInPrefixedPieces() throws Exception {
        int max = RankedLines.MAX_LINE_CHARS;
        String text = "a".repeat(2 * max + 5) + "\r\nnext\rlast\r\n";
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        RankedLines lines = new RankedLines(2, "out", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8, new PrintStream(sink, true, StandardCharsets.UTF_8));
        lines.await(5_000);
        assertEquals(String.join(System.lineSeparator(), "[2] " + "a".repeat(max), "[2] " + "a".repeat(max),
                "[2] aaaaa", "[2] next", "[2] last", ""), sink.toString(StandardCharsets.UTF_8));
    }

    /** The JVM's own line for a thread that died of an exception is kept, as the node's last words. */
    @Test
    void keepsTheFirstExceptionTheJvmSaidNoThreadCaught() throws Exception {
        String text = "hello\nException: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler in thread \"t1\"\n"
                + "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n";
        RankedLines lines = new RankedLines(1, "err", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        lines.await(5_000);
        assertEquals("java.lang.OutOfMemoryError (uncaught in thread \"t1\")", lines.lastWords().uncaught());
        assertEquals("java.lang.OutOfMemoryError: Java heap space (uncaught in thread \"main\")",
                UncaughtLine.describe("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"));
        assertEquals(null, UncaughtLine.describe("an Exception in thread of mine"));
    }
}
