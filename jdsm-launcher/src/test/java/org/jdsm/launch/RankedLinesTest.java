package org.jdsm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
        assertEquals("node 3 failed in start(): boom", lines.report());
    }
}
