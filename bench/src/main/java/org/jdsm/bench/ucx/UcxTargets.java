package org.jdsm.bench.ucx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.comm.PingPongRunner.Measurement;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.Units;

/**
 * The UCX targets: UcxComm's one-way latency within 1.5x of ucx_perftest's at 1 B and within
 * 1.1x from 64 KiB up, on the same transport; judged on medians, with the ratio of the fastest
 * repetitions as a cross-check. Also charts the ratio over all sizes.
 */
final class UcxTargets {

    static final double SMALL_LIMIT = 1.5;
    static final double LARGE_LIMIT = 1.1;
    static final int LARGE_FROM = 64 << 10;

    private final Map<String, Map<Integer, Sample>> rtts = new HashMap<>();

    UcxTargets(List<Measurement> measurements) {
        for (Measurement m : measurements) {
            rtts.computeIfAbsent(m.transport(), k -> new HashMap<>()).put(m.size(), m.rttNanos());
        }
    }

    /**
     * How much longer UcxComm's one-way time is than ucx_perftest's at {@code size} on series
     * {@code s}, from the fastest repetitions of each (ns); NaN where either was not measured.
     */
    double extraOneWayNanos(UcxSeries s, int size) {
        Sample ucx = rtts.getOrDefault(s.comm(), Map.of()).get(size);
        Sample perftest = rtts.getOrDefault(s.perftest(), Map.of()).get(size);
        return ucx == null || perftest == null ? Double.NaN : (ucx.min() - perftest.min()) / 2;
    }

    void print(Report report) {
        report.println();
        report.println("Targets (issue 7), UcxComm vs ucx_perftest on the same transport, one-way latency:");
        Dataset ratios = new Dataset("UcxComm relative to ucx_perftest (median one-way latency)", "message size",
                "ratio ucx/perftest");
        for (UcxSeries s : UcxSeries.values()) {
            Map<Integer, Sample> ucx = rtts.get(s.comm());
            Map<Integer, Sample> perftest = rtts.get(s.perftest());
            if (ucx == null || perftest == null) {
                report.println("  " + s.comm() + ": not evaluated (needs " + s.comm() + " and " + s.perftest() + ")");
                continue;
            }
            perftest.keySet().stream().filter(ucx::containsKey).sorted().forEach(size -> {
                double ratio = ucx.get(size).median() / perftest.get(size).median();
                ratios.add(s.comm(), size, ratio);
                if (size == 1 || size >= LARGE_FROM) {
                    double limit = size == 1 ? SMALL_LIMIT : LARGE_LIMIT;
                    report.println(String.format("  %-8s %8s  %s/%s = %s  (target <= %s)  %s   [fastest reps: %s]",
                            s.comm(), Units.bytes(size), s.comm(), s.perftest(), Units.ratio(ratio),
                            Units.ratio(limit), ratio <= limit ? "PASS" : "MISS",
                            Units.ratio(ucx.get(size).min() / perftest.get(size).min())));
                }
            });
        }
        if (!ratios.isEmpty()) {
            report.save("ucx-vs-perftest", ratios, new SvgChart().logX(true).xTicksAtData(true).xFormat(Units::bytes)
                    .reference(SMALL_LIMIT, "limit at 1 B: 1.5x").reference(LARGE_LIMIT, "limit from 64 KiB: 1.1x")
                    .reference(1.0, "parity"));
        }
    }
}
