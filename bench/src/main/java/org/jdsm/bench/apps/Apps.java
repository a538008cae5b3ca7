package org.jdsm.bench.apps;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.CpuMeter;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Report;

/**
 * The application suite (issue 6, "Benchmarks"; DESIGN.md §8): every sample (SOR, LU, Series,
 * SparseMatmult, MolDyn, LUFact, Water, Pi, RayTracer, Crypt, MonteCarlo, MapColouring, RayTracerQueue)
 * side by side in one run as plain Java with 1 and 2 threads in one JVM, JDSM 1 node x 1 thread,
 * and JDSM 2 nodes x 1 thread in separate JVMs over NettyComm under lrc and sc; kernel times from
 * the samples' PASS lines, medians over repetitions, speedup, efficiency, JDSM 2 nodes / plain 2
 * threads against the design's 10% bar, and the time breakdown from the nodes' statistics. Run with
 * {@code bench/run.sh Apps [--quick]}.
 */
public final class Apps {

    static final String NAME = "Apps";
    private static final String SUMMARY = "Application suite: plain Java 1/2 threads vs JDSM 1 node and 2 nodes"
            + " (separate JVMs, NettyComm, lrc and sc) on SOR, LU, Series, SparseMatmult, MolDyn, LUFact, Water, Pi,"
            + " RayTracer, Crypt, MonteCarlo, MapColouring, RayTracerQueue.";

    static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--apps", "LIST", "applications (default all): "
                    + String.join(",", AppSpec.ALL.stream().map(AppSpec::key).toList())),
            new BenchArgs.Option("--configs", "LIST", "configurations (default all): "
                    + String.join(",", Arrays.stream(Setup.values()).map(s -> s.label).toList())),
            new BenchArgs.Option("--reps", "N", "repetitions per configuration (default 3; 1 in --quick)"),
            new BenchArgs.Option("--size", "APP=A:B,...", "job arguments instead of the default size,"
                    + " e.g. lu=1024:16,sor=1000:100"),
            new BenchArgs.Option("--limit", "S", "time limit of one run in seconds (default 150; 90 in --quick)"));

    private Apps() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 60 : 180), Apps::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        boolean quick = args.quick();
        CpuMeter cpu = new CpuMeter(); // for report.md; BenchMain prints the same line at the very end
        List<AppSpec> apps = withSizes(AppSpec.select(args.list("--apps",
                AppSpec.ALL.stream().map(AppSpec::key).toList())), args.list("--size", List.of()), quick);
        List<Setup> setups = new ArrayList<>();
        for (String label : args.list("--configs", Arrays.stream(Setup.values()).map(s -> s.label).toList())) {
            setups.add(Setup.byLabel(label));
        }
        int reps = Integer.parseInt(args.value("--reps", quick ? "1" : "3"));
        AppRunner runner = new AppRunner(Long.parseLong(args.value("--limit", quick ? "90" : "150")));
        FrozenClassPath.preload(Apps.class.getPackageName(), "org.jdsm.bench.report", "org.jdsm.bench.harness");
        java.nio.file.Path frozen = FrozenClassPath.freeze();

        report.println("method    : every run in fresh JVM(s) started by the harness (same java, class path, JVM"
                + " options; cold JIT for all alike);");
        report.println("            value = the kernel time the sample prints in its PASS line (JVM start-up, mesh"
                + " set-up, input generation and validation excluded);");
        report.println("            " + reps + " repetition(s) per configuration, configurations interleaved"
                + " round-robin per application (rotating start), median reported; per-run limit "
                + runner.limitSeconds() + " s");
        report.println("            child JVMs run a copy of the class path taken at start (" + frozen + "), so builds"
                + " on this shared machine cannot change the code under the run");
        report.println("configs   :");
        for (Setup s : setups) {
            report.println(String.format(Locale.ROOT, "  %-9s %s", s.label, s.what));
        }
        report.println("sizes     :");
        for (AppSpec a : apps) {
            report.println(String.format(Locale.ROOT, "  %-10s %-14s args %-24s %s", a.key(), a.sample(),
                    String.join(" ", a.args(quick)), quick ? "(quick size)" : a.sizeNote()));
        }

        Map<AppSpec, Map<Setup, Cell>> cells = new LinkedHashMap<>();
        Map<AppSpec, String> loads = new LinkedHashMap<>();
        Plan plan = new Plan(0, 0, 0, reps, new Budget(1, 1)); // a cold JVM per run: no warm-up repetitions
        int runs = 0;
        for (AppSpec a : apps) {
            runs += (int) setups.stream().filter(s -> s.supports(a)).count() * reps;
        }
        int total = runs;
        int[] done = {0};
        for (AppSpec app : apps) {
            Map<Setup, Cell> row = new LinkedHashMap<>();
            cells.put(app, row);
            loads.put(app, CpuMeter.loadAverage());
            List<Trial> trials = new ArrayList<>();
            for (Setup s : setups) {
                Cell cell = new Cell(app, s);
                row.put(s, cell);
                if (!s.supports(app)) {
                    continue; // no such version: the cell stays empty ("n/a")
                }
                trials.add(budget -> {
                    if (cell.failures() > 0 && cell.passed().isEmpty()) {
                        return Double.NaN; // failed before and never passed: do not spend the time again
                    }
                    RunResult r = runner.run(app, s, app.args(quick));
                    cell.add(r);
                    done[0]++;
                    System.err.println(String.format(Locale.ROOT, "Apps [%d/%d] %-10s %-9s %s   (load %s)", done[0],
                            total, app.key(), s.label, r.ok() ? Math.round(r.kernelMillis()) + " ms"
                                    : "FAILED: " + r.failure(), CpuMeter.loadAverage()));
                    return r.kernelMillis();
                });
            }
            new Sampler(plan).measure(trials);
        }
        new AppsReport(report, args, apps, setups, cells, loads, reps, cpu).print();
    }

    /** Applies {@code --size key=a:b:c} overrides. */
    private static List<AppSpec> withSizes(List<AppSpec> apps, List<String> sizes, boolean quick) {
        Map<String, List<String>> custom = new LinkedHashMap<>();
        for (String s : sizes) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--size wants APP=A:B:..., got '" + s + "'");
            }
            custom.put(s.substring(0, eq), List.of(s.substring(eq + 1).split(":")));
        }
        List<AppSpec> out = new ArrayList<>();
        for (AppSpec a : apps) {
            List<String> c = custom.remove(a.key());
            out.add(c == null ? a : a.withArgs(c, quick));
        }
        if (!custom.isEmpty()) {
            throw new IllegalArgumentException("--size names applications not in the run: " + custom.keySet());
        }
        return out;
    }
}
