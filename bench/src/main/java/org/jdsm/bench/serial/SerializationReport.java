package org.jdsm.bench.serial;

import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;

/** Tables, ratios to JDSM, the 8x check and the CSV/SVG files of {@link SerializationBench}. */
final class SerializationReport {

    static final String BASELINE = "jdsm";
    static final double JDK_TARGET = 8.0;

    private final Dataset time = new Dataset("double[] encode+decode round trip, median", "elements",
            "time per round trip (µs)");
    private final Dataset speed = new Dataset("double[] encode+decode throughput, median", "elements",
            "payload MB/s (10^6 B)");
    private final Dataset bytes = new Dataset("Encoded size", "elements", "bytes");

    void encodedSize(String codec, int elements, int size) {
        bytes.add(codec, elements, size);
    }

    void roundTrip(String codec, int elements, double medianNanos) {
        time.add(codec, elements, medianNanos / 1000);
        speed.add(codec, elements, elements * 8.0 / medianNanos * 1000);
    }

    void print(Report report) {
        TableFormatter values = new TableFormatter(Units::count, Units::number);
        report.println();
        report.table(time, values);
        report.save("roundtrip-time", time,
                new SvgChart().logX(true).logY(true).xTicksAtData(true).xFormat(Units::count));
        report.println();
        report.table(speed, values);
        report.println();
        report.table(bytes, new TableFormatter(Units::count, v -> Long.toString((long) v)));
        Dataset ratios = time.ratioTo(BASELINE);
        report.println();
        report.table(ratios, new TableFormatter(Units::count, Units::ratio));
        report.println("  (time relative to jdsm: higher means jdsm is that many times faster)");
        report.save("ratio-to-jdsm", ratios, new SvgChart().logX(true).xTicksAtData(true).xFormat(Units::count)
                .reference(JDK_TARGET, "J-InterWeave: 8x over JDK").reference(1.0, "parity"));
        report.println();
        for (double x : ratios.xs()) {
            ratios.value("jdk/" + BASELINE, x).ifPresent(r -> report.println(String.format(
                    "  target jdk/jdsm > %s at %7s elements: %6s  %s", Units.ratio(JDK_TARGET), Units.count(x),
                    Units.ratio(r), r > JDK_TARGET ? "PASS" : "MISS")));
        }
    }
}
