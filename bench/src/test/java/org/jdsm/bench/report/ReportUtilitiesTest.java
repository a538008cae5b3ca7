package org.jdsm.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportUtilitiesTest {

    private static Dataset sample() {
        return new Dataset("latency", "message size", "µs")
                .add("socket", 1, 5).add("netty", 1, 6.5)
                .add("socket", 1024, 10).add("netty", 1024, 11)
                .add("local", 1, 1.5);
    }

    @Test
    void datasetKeepsSeriesOrderAndSortsX() {
        Dataset d = sample();
        assertEquals(java.util.List.of("socket", "netty", "local"), d.series());
        assertEquals(2, d.xs().length);
        assertEquals(1.0, d.xs()[0]);
        assertTrue(d.value("local", 1024).isEmpty());
    }

    @Test
    void ratioToDividesByTheBaselineAndSkipsMissingPoints() {
        Dataset r = sample().ratioTo("socket");
        assertEquals(java.util.List.of("netty/socket", "local/socket"), r.series());
        assertEquals(1.3, r.value("netty/socket", 1).getAsDouble(), 1e-12);
        assertEquals(1.1, r.value("netty/socket", 1024).getAsDouble(), 1e-12);
        assertTrue(r.value("local/socket", 1024).isEmpty());
    }

    @Test
    void tableIsAlignedAndShowsMissingCells() {
        String[] lines = new TableFormatter(Units::bytes, Units::number).format(sample()).split("\n");
        assertTrue(lines[1].startsWith("message size"));
        assertEquals(lines[1].length(), lines[3].length());
        assertEquals(lines[3].length(), lines[4].length());
        assertTrue(lines[4].startsWith("1 KiB"));
        assertTrue(lines[4].endsWith("-"));
    }

    @Test
    void csvIsLongFormWithQuotedHeaders() {
        String csv = CsvWriter.toCsv(new Dataset("t", "size, bytes", "v").add("a", 1, 2.5));
        assertEquals("series,\"size, bytes\",v\na,1,2.50000\n", csv);
    }

    @Test
    void svgIsWellFormedWithLogAxesAndReferences(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.svg");
        new SvgChart().logX(true).logY(true).xTicksAtData(true).xFormat(Units::bytes)
                .reference(2, "limit <2x> & more").write(file, sample());
        String svg = Files.readString(file);
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertTrue(svg.contains(">1 KiB<"));
        assertTrue(svg.contains("limit &lt;2x&gt; &amp; more"));
        assertTrue(svg.contains("(log scale)"));
        assertFalse(svg.contains("NaN"));
    }

    @Test
    void svgCopesWithNonPositiveValuesOnLogAxesAndSinglePoints() {
        String svg = new SvgChart().logY(true).render(new Dataset("t", "x", "y").add("a", 3, 0).add("b", 3, 7));
        assertFalse(svg.contains("NaN"));
        assertFalse(svg.contains("Infinity"));
    }

    @Test
    void unitsFormatSizesAndCounts() {
        assertEquals("1 B", Units.bytes(1));
        assertEquals("64 KiB", Units.bytes(65536));
        assertEquals("4 MiB", Units.bytes(4 << 20));
        assertEquals("250k", Units.count(250_000));
        assertEquals("1.30x", Units.ratio(1.3));
    }
}
