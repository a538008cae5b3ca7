package org.jdsm.bench.ucx;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jdsm.bench.comm.CommPingPong;
import org.jdsm.bench.comm.PingPongReport;
import org.jdsm.bench.comm.PingPongRunner;
import org.jdsm.bench.comm.PingPongSettings;
import org.jdsm.bench.comm.Transports;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;
import org.jdsm.comm.ucx.UcxComm;
import org.jdsm.comm.ucx.UcxLibrary;

/**
 * Ping-pong between two JVMs on 127.0.0.1, 1 B to 4 MiB: UcxComm over UCX's TCP and over its
 * shared-memory transports, {@code ucx_perftest} on the same transports (the C floor), NettyComm
 * and a plain socket, side by side in one run through the CommPingPong machinery. Prints the
 * CommPingPong tables plus the UCX targets. Run with {@code bench/run.sh UcxPingPong}.
 */
public final class UcxPingPong {

    static final String NAME = "UcxPingPong";
    private static final String SUMMARY = "Ping-pong latency and bandwidth: UcxComm over UCX tcp and shared memory"
            + " vs ucx_perftest on the same transports vs NettyComm vs a plain socket (two processes each).";
    static final List<String> DEFAULT_TRANSPORTS = List.of("socket", "netty", "ucx-tcp", "perftest-tcp", "ucx-shm",
            "perftest-shm");
    /**
     * UcxComm on both nodes: spin 1 ms before sleeping, so a ping-pong in progress is polled like
     * ucx_perftest polls, while the series not being measured sleep instead of taking CPU from it.
     */
    static final Map<String, String> UCX_OPTIONS = Map.of("ucx.progress", "wait", "ucx.spinMicros", "1000");
    private static final List<BenchArgs.Option> OPTIONS = Stream.concat(PingPongSettings.OPTIONS.stream()
            .map(o -> !o.name().equals("--transports") ? o : new BenchArgs.Option(o.name(), o.valueName(),
                    "comma list of " + String.join(", ", DEFAULT_TRANSPORTS) + " (default all), or local")),
            Stream.of(new BenchArgs.Option("--no-breakdown", null, "skip the in-process replay of UcxComm's copy")))
            .toList();

    private UcxPingPong() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args,
                a -> Duration.ofSeconds(PingPongSettings.from(a, DEFAULT_TRANSPORTS).hardLimitSeconds()),
                UcxPingPong::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        PingPongSettings settings = PingPongSettings.from(args, DEFAULT_TRANSPORTS);
        CommPingPong.describe(report, settings);
        report.println("ucx       : UcxComm options " + UCX_OPTIONS + (UcxLibrary.isAvailable()
                ? "; UCX " + UcxLibrary.ucxVersion() : "") + "; ucx_perftest -t tag_lat, its median latency per"
                + " repetition (start-up excluded)");
        try (Transports transports = new Transports(settings.hardLimitSeconds(), settings.commOptions())) {
            for (String name : settings.transports()) {
                open(transports, name, settings, report);
            }
            if (transports.list().isEmpty()) {
                report.println("nothing to measure");
                return;
            }
            List<PingPongRunner.Measurement> results = new PingPongRunner(settings).run(transports.list());
            new PingPongReport(results).print(report);
            UcxTargets targets = new UcxTargets(results);
            targets.print(report);
            if (!args.flag("--no-breakdown")) {
                breakdown(report, settings, targets);
            }
        }
    }

    /** UcxComm's own per-message work ({@link UcxCopyCost}) next to its measured lead over ucx_perftest. */
    private static void breakdown(Report report, PingPongSettings settings, UcxTargets targets) throws Exception {
        Plan plan = Plan.of(100, 400, 7, 1_000_000, 40);
        Dataset steps = new Dataset("UcxComm's per-message work that ucx_perftest does not do (in-process replay,"
                + " wall time, median) vs the measured one-way difference", "size", "µs");
        for (int size : settings.sizes()) {
            if (size < UcxTargets.LARGE_FROM) {
                continue;
            }
            steps.add("sender copy in", size, UcxCopyCost.senderCopyNanos(size, plan) / 1000);
            for (UcxSeries s : UcxSeries.values()) {
                double extra = targets.extraOneWayNanos(s, size);
                if (!Double.isNaN(extra)) {
                    steps.add(s.comm() + " - " + s.perftest() + " one-way (fastest reps)", size, extra / 1000);
                }
            }
        }
        if (steps.isEmpty()) {
            return;
        }
        report.println();
        report.println("Where UcxComm's extra time goes (the sender copies the message into staging; see jdsm-comm/UCX.md, Copies):");
        report.table(steps, new TableFormatter(Units::bytes, Units::number));
        report.saveCsv("copy-cost", steps);
    }

    private static void open(Transports transports, String name, PingPongSettings settings, Report report)
            throws Exception {
        UcxSeries series = UcxSeries.of(name);
        if (series == null) {
            transports.open(name, report);
        } else if (name.equals(series.perftest())) {
            String missing = PerftestTransport.unavailable();
            if (missing != null) {
                report.println("SKIP " + name + ": " + missing);
            } else {
                boolean errorHandling = UcxComm.usesPeerErrorHandling(commOptions(series, settings));
                report.println(name + ": peer error handling " + (errorHandling ? "on (-e)" : "off")
                        + ", as UcxComm's over " + series.transports);
                transports.add(new PerftestTransport(name, series.transports, errorHandling));
            }
        } else if (!UcxLibrary.isAvailable()) {
            report.println("SKIP " + name + ": " + UcxLibrary.unavailableReason());
        } else {
            transports.openComm(name, "ucx", commOptions(series, settings));
        }
    }

    /** UcxComm's options in {@code series}: --comm-opt wins, but not over the series' transports. */
    private static Map<String, String> commOptions(UcxSeries series, PingPongSettings settings) {
        Map<String, String> options = new LinkedHashMap<>(UCX_OPTIONS);
        options.putAll(settings.commOptions());
        options.put("ucx.config.TLS", series.transports);
        options.put("ucx.config.NET_DEVICES", UcxSeries.NET_DEVICES);
        return options;
    }
}
