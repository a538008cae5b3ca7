package org.jdsm.bench.comm;

import java.util.List;
import java.util.OptionalDouble;
import org.jdsm.bench.comm.PingPongRunner.Measurement;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;

/**
 * Turns ping-pong measurements into the report: one-way latency and bandwidth tables, their
 * ratios to the socket baseline, the design's two targets (DESIGN.md §8) and CSV/SVG files.
 */
public final class PingPongReport {

    static final String BASELINE = "socket";
    static final String CANDIDATE = "netty";
    static final double LATENCY_TARGET = 1.3;
    static final double BANDWIDTH_TARGET = 0.9;
    private static final int ONE_BYTE = 1;
    private static final int ONE_MIB = 1 << 20;

    private final Dataset latency = new Dataset("Ping-pong one-way latency (RTT/2), median", "message size",
            "latency (µs)");
    private final Dataset bandwidth = new Dataset("Ping-pong bandwidth (size / one-way time), median",
            "message size", "bandwidth (MB/s)");
    private final Dataset spread = new Dataset("Rep-to-rep spread of the RTT (IQR / median)", "message size",
            "spread (%)");
    private final Dataset bestLatency = new Dataset("latency of the fastest repetition", "message size", "µs");
    private final Dataset bestBandwidth = new Dataset("bandwidth of the fastest repetition", "message size", "MB/s");
    private final Dataset raw = new Dataset("Round-trip time of every repetition", "message size",
            "repetition median RTT (ns)");

    public PingPongReport(List<Measurement> measurements) {
        for (Measurement m : measurements) {
            double rtt = m.rttNanos().median();
            latency.add(m.transport(), m.size(), rtt / 2 / 1000);
            bandwidth.add(m.transport(), m.size(), m.size() / (rtt / 2) * 1000);
            spread.add(m.transport(), m.size(), m.rttNanos().spread() * 100);
            bestLatency.add(m.transport(), m.size(), m.rttNanos().min() / 2 / 1000);
            bestBandwidth.add(m.transport(), m.size(), m.size() / (m.rttNanos().min() / 2) * 1000);
            for (double v : m.rttNanos().values()) {
                raw.add(m.transport(), m.size(), v);
            }
        }
    }

    /** Prints the tables, ratios and netty targets, and writes the CSV and SVG files. */
    public void print(Report report) {
        TableFormatter values = new TableFormatter(Units::bytes, Units::number);
        TableFormatter ratios = new TableFormatter(Units::bytes, Units::ratio);
        SvgChart sizes = new SvgChart().logX(true).logY(true).xTicksAtData(true).xFormat(Units::bytes);
        report.println();
        report.table(latency, values);
        report.save("latency", latency, sizes);
        report.println();
        report.table(bandwidth, values);
        if (bandwidth.series().contains("local")) {
            report.println("  (local hands the sender's array to the receiver without a copy: its 'bandwidth' grows with"
                    + " the size and is no transfer rate)");
        }
        report.save("bandwidth", bandwidth, sizes);
        report.println();
        report.table(spread, values);
        report.saveCsv("repetitions", raw);
        if (latency.series().contains(BASELINE) && latency.series().size() > 1) {
            report.println();
            report.table(latency.ratioTo(BASELINE), ratios);
            report.println("  (latency ratio: lower is better)");
            report.println();
            report.table(bandwidth.ratioTo(BASELINE), ratios);
            report.println("  (bandwidth ratio: higher is better)");
        }
        targets(report);
    }

    private void targets(Report report) {
        report.println();
        report.println("Targets (DESIGN.md §8), " + CANDIDATE + " vs " + BASELINE + ":");
        if (!latency.series().contains(CANDIDATE) || !latency.series().contains(BASELINE)) {
            report.println("  not evaluated: needs both " + CANDIDATE + " and " + BASELINE + " in the run");
            return;
        }
        verdict(report, "one-way latency at 1 B", latency, bestLatency, ONE_BYTE, LATENCY_TARGET, true);
        verdict(report, "bandwidth at 1 MiB", bandwidth, bestBandwidth, ONE_MIB, BANDWIDTH_TARGET, false);
        report.println("  (verdicts use the medians; 'fastest reps' compares each side's best repetition, a"
                + " cross-check when the noise line below warns)");
        Dataset vs = new Dataset(CANDIDATE + " relative to " + BASELINE + " (median ratios)", "message size",
                "ratio " + CANDIDATE + "/" + BASELINE);
        for (double x : latency.xs()) {
            ratio(latency, x).ifPresent(r -> vs.add("latency", x, r));
            ratio(bandwidth, x).ifPresent(r -> vs.add("bandwidth", x, r));
        }
        report.save("netty-vs-socket", vs, new SvgChart().logX(true).xTicksAtData(true).xFormat(Units::bytes)
                .reference(LATENCY_TARGET, "latency limit 1.3x").reference(BANDWIDTH_TARGET, "bandwidth floor 0.9x")
                .reference(1.0, "parity"));
    }

    private static OptionalDouble ratio(Dataset d, double x) {
        OptionalDouble c = d.value(CANDIDATE, x);
        OptionalDouble b = d.value(BASELINE, x);
        return c.isPresent() && b.isPresent() ? OptionalDouble.of(c.getAsDouble() / b.getAsDouble())
                                              : OptionalDouble.empty();
    }

    private static void verdict(Report report, String what, Dataset medians, Dataset best, int size,
                                double target, boolean atMost) {
        OptionalDouble r = ratio(medians, size);
        if (r.isEmpty()) {
            report.println("  " + what + ": not measured (size " + Units.bytes(size) + " not in --sizes)");
            return;
        }
        boolean pass = atMost ? r.getAsDouble() <= target : r.getAsDouble() >= target;
        report.println(String.format("  %-24s %s/%s = %s  (target %s %s)  %s   [fastest reps: %s]", what, CANDIDATE,
                BASELINE, Units.ratio(r.getAsDouble()), atMost ? "<=" : ">=", Units.ratio(target),
                pass ? "PASS" : "MISS", Units.ratio(ratio(best, size).orElse(Double.NaN))));
    }
}
