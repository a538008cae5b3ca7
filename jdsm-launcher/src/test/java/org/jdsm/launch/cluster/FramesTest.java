package org.jdsm.launch.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jdsm.comm.NodeAddress;
import org.jdsm.launch.NodeArgs;
import org.junit.jupiter.api.Test;

/** The submit streams: frames, payloads and the messages on them survive the trip. */
class FramesTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final FrameOutput out = new FrameOutput(bytes);

    private FrameInput in() {
        return new FrameInput(new ByteArrayInputStream(bytes.toByteArray()));
    }

    @Test
    void messagesRoundTrip() throws IOException {
        NodeArgs node = new NodeArgs(0, 3, 2, "lrc", "netty", "job-1", Path.of("job.jar"), "a.B", true, -1, List.of("x", "-n"));
        Hello hello = new Hello("1.0", new byte[] {1, 2}, node, List.of("-Xmx1g"), true,
                new ClusterSpec(List.of("h1:2"), false, "java", "~/.jdsm", "", "10.0.0.1"));
        out.send(FrameType.HELLO, hello.encode());
        out.send(FrameType.START, new ServerStart("1.0", new byte[] {3}, NodeAddress.parse("10.0.0.1:99"), node.withRank(2)).encode());
        out.send(FrameType.FILE_REPLY, new FileReply(2, 7, "no such file", new byte[0]).encode());
        out.send(FrameType.BEAT);
        FrameInput in = in();
        Hello h = Hello.decode(in.read().payload());
        assertEquals(node, h.job());
        assertEquals(hello.cluster(), h.cluster());
        assertEquals(List.of("-Xmx1g"), h.jvmArgs());
        assertTrue(h.instrument());
        assertArrayEquals(new byte[] {1, 2}, h.secret());
        ServerStart s = ServerStart.decode(in.read().payload());
        assertEquals(2, s.node().rank());
        assertEquals("10.0.0.1:99", s.rendezvous().toString());
        FileReply r = FileReply.decode(in.read().payload());
        assertEquals("no such file", r.error());
        assertEquals(FrameType.BEAT, in.read().type());
        assertNull(in.read());
    }

    @Test
    void linesAreCutAtLineBreaksAndTaggedWithTheRank() throws IOException {
        try (PrintStream job = new PrintStream(new FramedLines(FrameType.OUT, 4, out), true, StandardCharsets.UTF_8)) {
            job.print("hello ");
            job.println("wörld");
            job.print("tail");
        }
        FrameInput in = in();
        assertEquals(new Line(4, "hello wörld"), Line.decode(in.read().payload()));
        assertEquals(new Line(4, "tail"), Line.decode(in.read().payload()));
        assertNull(in.read());
    }

    /** Output without line breaks goes out in pieces of bounded size, none splitting a character, all of it. */
    @Test
    void aLineLongerThanTheLimitGoesOutInPiecesCutBetweenCharacters() throws IOException {
        int max = FramedLines.MAX_LINE_BYTES;
        String text = "a" + "ö".repeat(max) + "z"; // 2 bytes per ö: every even cut would split one
        try (PrintStream job = new PrintStream(new FramedLines(FrameType.OUT, 1, out), true, StandardCharsets.UTF_8)) {
            job.print(text.substring(0, 7)); // a short write first, then one long one
            job.print(text.substring(7));
            for (int i = 0; i < 10; i++) {
                job.write('b'); // and single bytes past the limit
            }
            job.println();
        }
        FrameInput in = in();
        StringBuilder all = new StringBuilder();
        int pieces = 0;
        for (Frame frame = in.read(); frame != null; frame = in.read()) {
            String piece = Line.decode(frame.payload()).text();
            assertTrue(piece.getBytes(StandardCharsets.UTF_8).length <= max + 3, "piece of " + piece.length() + " chars");
            assertFalse(piece.contains("\uFFFD"), "a character was split");
            all.append(piece);
            pieces++;
        }
        assertEquals(text + "b".repeat(10), all.toString());
        assertEquals(3, pieces);
    }

    @Test
    void aStreamThatIsNotFramesIsRefused() {
        FrameInput in = new FrameInput(new ByteArrayInputStream("Picked up JAVA_TOOL_OPTIONS".getBytes(StandardCharsets.UTF_8)));
        assertThrows(IOException.class, in::read);
    }

    @Test
    void shellWordsAreQuotedAndHomeStaysHome() {
        assertEquals("'it'\\''s'", Shell.quote("it's"));
        assertEquals("\"$HOME\"/'.jdsm/cache'", Shell.path("~/.jdsm/cache"));
        assertEquals("'/tmp/a b'", Shell.path("/tmp/a b"));
    }
}
