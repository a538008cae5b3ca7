package org.jdsm.bench.dsm;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.Units;

/** What the DSM benchmarks share: measuring plans, options, adaptive repetition sizes, verdict lines. */
final class DsmBench {

    static final BenchArgs.Option REPS = new BenchArgs.Option("--reps", "N",
            "measured repetitions per trial (default 11, quick 5)");
    static final BenchArgs.Option COMM_OPT = new BenchArgs.Option("--comm-opt", "K=V,...",
            "extra CommConfig options for every node, e.g. netty.transport=nio");

    /** A child node JVM lives at most this long (a bound for orphans, far above any run). */
    static final long CHILD_LIFETIME_SECONDS = 1200;

    private DsmBench() {
    }

    /**
     * The measuring plan: warm-up until steady (150..800 ms quick, 400..2000 ms full), then 5 (quick)
     * or 11 repetitions of at most {@code repMillis} (quick: 40%) each.
     */
    static Plan plan(BenchArgs args, int maxOpsPerRep, long repMillis) {
        boolean quick = args.quick();
        int reps = Integer.parseInt(args.value("--reps", quick ? "5" : "11"));
        return quick ? Plan.of(150, 800, reps, maxOpsPerRep, Math.max(20, repMillis * 2 / 5))
                     : Plan.of(400, 2000, reps, maxOpsPerRep, repMillis);
    }

    static Map<String, String> commOptions(BenchArgs args) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String kv : args.list("--comm-opt", List.of())) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--comm-opt expects key=value, got '" + kv + "'");
            }
            out.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return out;
    }

    static void describePlan(Report report, Plan plan, String what) {
        report.println("method    : " + Sampler.describeWarmUp(plan) + " per trial, then " + plan.reps()
                + " repetitions per trial, trials interleaved round-robin;");
        report.println("            a repetition = " + what + " within " + plan.rep().maxNanos() / 1_000_000
                + " ms; reported value = median over repetitions");
    }

    /** Parses 1k, 16K, 1m, 4MiB, 128 (bytes; binary multiples). */
    static int parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
        long mult = t.endsWith("k") ? 1024 : t.endsWith("m") ? 1024 * 1024 : 1;
        if (mult > 1) {
            t = t.substring(0, t.length() - 1);
        }
        long v = Long.parseLong(t.trim()) * mult;
        if (v < 8 || v > (8 << 20) || v % 8 != 0) {
            throw new IllegalArgumentException("size must be a multiple of 8 bytes in 8 B .. 8 MiB: " + text);
        }
        return (int) v;
    }

    static List<Integer> ints(BenchArgs args, String name, List<String> fallback) {
        return args.list(name, fallback).stream().map(Integer::parseInt).toList();
    }

    /**
     * How many operations fit in {@code budget} at {@code estimateNanos} each, within
     * [{@code min}, budget.maxOps()].
     */
    static int opsFor(Budget budget, double estimateNanos, int min) {
        double n = budget.maxNanos() / Math.max(1.0, estimateNanos);
        return (int) Math.max(min, Math.min(budget.maxOps(), n));
    }

    /** Generous time to wait for one command of a DSM job. */
    static Duration callTimeout(Budget budget) {
        return Duration.ofNanos(budget.maxNanos() * 20).plusSeconds(60);
    }

    /** Median of the first {@code n} values. */
    static double median(double[] v, int n) {
        double[] c = Arrays.copyOf(v, n);
        Arrays.sort(c);
        return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2.0;
    }

    /** Median of a list of per-repetition values. */
    static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray(), values.size());
    }

    /** The value of series {@code s} at {@code x}, NaN if missing. */
    static double at(Dataset d, String s, double x) {
        OptionalDouble v = d.value(s, x);
        return v.isPresent() ? v.getAsDouble() : Double.NaN;
    }

    /** One target line: "what  value  (target <= / >= limit)  PASS|MISS  [extra]". */
    static void verdict(Report report, String what, double value, double limit, boolean atMost, String format,
                        String extra) {
        boolean pass = atMost ? value <= limit : value >= limit;
        String v = String.format(Locale.ROOT, format, value);
        String l = String.format(Locale.ROOT, format, limit);
        report.println(String.format(Locale.ROOT, "  %-44s %10s  (target %s %s)  %s%s", what, v,
                atMost ? "<=" : ">=", l, Double.isNaN(value) ? "n/a " : pass ? "PASS" : "MISS",
                extra == null || extra.isEmpty() ? "" : "   " + extra));
    }

    /** "[v1 v2 ...]" of a sample's repetitions divided by {@code div}. */
    static String reps(Sample s, double div) {
        StringBuilder sb = new StringBuilder("[");
        for (double v : s.values()) {
            sb.append(sb.length() > 1 ? " " : "").append(Units.number(v / div));
        }
        return sb.append(']').toString();
    }
}
