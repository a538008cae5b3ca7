package org.jdsm.bench.dsm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;

/**
 * One-node overhead (DESIGN.md §8): one DSM node with 1 and 2 threads running VecMul
 * ({@code c = a * b}, n = 4M) and a red-black SOR kernel (1000 x 1000, flat {@code double[]}) through
 * the explicit API with range calls, against the same kernels on plain Java threads without JDSM;
 * target at most 5% slower. Two DSM variants: one block per thread share ("dsm", as the VecMul
 * sample registers) and small blocks ("dsm-fine": 1024 elements / one grid row), where each range
 * call covers many blocks. Run with {@code bench/run.sh OneNodeOverhead}.
 */
public final class OneNodeOverhead {

    static final String NAME = "OneNodeOverhead";
    private static final String SUMMARY = "One DSM node (1 and 2 threads): VecMul and SOR through the explicit API"
            + " (range calls) vs the same kernels on plain Java threads.";
    private static final double TARGET = 1.05;
    private static final String[] VARIANTS = {"plain", "dsm", "dsm-fine"};
    private static final int CHECK_SOR_ITERATIONS = 10;

    static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--threads", "LIST", "threads per node (default 1,2)"),
            new BenchArgs.Option("--kernels", "LIST", "vecmul, sor (default both)"),
            new BenchArgs.Option("--n", "N", "VecMul length (default 4194304)"),
            new BenchArgs.Option("--grid", "N", "SOR grid is N x N (default 1000)"),
            new BenchArgs.Option("--fine-block", "N", "VecMul block length of dsm-fine (default 1024)"),
            new BenchArgs.Option("--protocol", "NAME", "DSM protocol (default lrc)"),
            DsmBench.REPS);

    private record Cell(String kernel, int threads, String variant, Sample sample, double cpuMedian) {
    }

    private OneNodeOverhead() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 5 : 10), OneNodeOverhead::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        List<Integer> threads = DsmBench.ints(args, "--threads", List.of("1", "2"));
        List<String> kernels = args.list("--kernels", List.of("vecmul", "sor"));
        int n = Integer.parseInt(args.value("--n", "4194304"));
        int grid = Integer.parseInt(args.value("--grid", "1000"));
        int fine = Integer.parseInt(args.value("--fine-block", "1024"));
        String protocol = args.value("--protocol", "lrc");
        Plan plan = DsmBench.plan(args, 100_000, 250);
        report.println("setup     : one DSM node in this JVM (comm local, protocol " + protocol + "), T threads; plain:"
                + " T Java threads, CyclicBarrier, no JDSM; same kernel methods");
        report.println("            VecMul c = a * b, n = " + n + " (" + Units.bytes(n * 8.0) + " per array); per"
                + " iteration: update(a,range) update(b,range) acquire(c,range) loop release(c,range) barrier()");
        report.println("            SOR red-black " + grid + " x " + grid + " flat double[]; per colour: update(rows"
                + " +- 1 halo row) acquire(rows) sweep release(rows) barrier()");
        report.println("            dsm: one block per thread share; dsm-fine: VecMul blocks of " + fine
                + " elements, SOR one row per block");
        report.println("            checked first: SOR after " + CHECK_SOR_ITERATIONS + " iterations bit-identical in all"
                + " variants; VecMul c == a*b after the runs");
        DsmBench.describePlan(report, plan, "as many kernel iterations as fit, value = mean time per iteration"
                + " (measured by thread 0 between barriers)");
        List<Cell> cells = new ArrayList<>();
        for (int t : threads) {
            try (PlainTeam plain = new PlainTeam(t, n, grid, grid);
                 DsmCluster dsm = DsmCluster.start(new DsmCluster.Spec(OverheadJob.class, 1, t, protocol, "local",
                         List.of(Integer.toString(n), Integer.toString(grid), Integer.toString(grid),
                                 Integer.toString(fine)), Map.of(), DsmBench.CHILD_LIFETIME_SECONDS))) {
                check(report, plain, dsm, t, false);
                for (String kernel : kernels) {
                    long op = switch (kernel) {
                        case "vecmul" -> OverheadJob.OP_VECMUL;
                        case "sor" -> OverheadJob.OP_SOR;
                        default -> throw new IllegalArgumentException("unknown kernel " + kernel);
                    };
                    List<List<Double>> cpu = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                    List<Trial> trials = List.of(trial(its -> {
                        double wall = plain.run(op, 0, its);
                        cpu.get(0).add(plain.lastCpu());
                        return wall;
                    }), trial(its -> {
                        double[] r = dsm.call(timeout(its), op, 0, its)[0];
                        cpu.get(1).add(r[1]);
                        return r[0];
                    }), trial(its -> {
                        double[] r = dsm.call(timeout(its), op, 1, its)[0];
                        cpu.get(2).add(r[1]);
                        return r[0];
                    }));
                    Budget burst = new Budget(100_000, 30_000_000L);
                    long warm = (args.quick() ? 600 : 2000) * 1_000_000L;
                    long start = System.nanoTime();
                    while (System.nanoTime() - start < warm) {
                        for (Trial tr : trials) {
                            tr.run(burst);
                        }
                    }
                    List<Sample> s = new Sampler(plan).measure(trials);
                    StringBuilder progress = new StringBuilder("  " + kernel + " " + t + " thread(s) ms/iteration:");
                    for (int v = 0; v < VARIANTS.length; v++) {
                        List<Double> c = cpu.get(v);
                        double cpuMedian = DsmBench.median(c.subList(c.size() - plan.reps(), c.size()));
                        cells.add(new Cell(kernel, t, VARIANTS[v], s.get(v), cpuMedian));
                        progress.append(' ').append(VARIANTS[v]).append(' ').append(DsmBench.reps(s.get(v), 1e6));
                    }
                    System.err.println(progress);
                }
                check(report, plain, dsm, t, true);
            }
        }
        print(report, kernels, cells);
    }

    /** A command taking an iteration count, as a trial with an adaptive count. */
    private interface Runner {
        double run(int iterations) throws Exception;
    }

    private static Trial trial(Runner runner) {
        double[] estimate = {20e6};
        return budget -> {
            int iterations = DsmBench.opsFor(budget, estimate[0], 2);
            double v = runner.run(iterations);
            estimate[0] = v;
            return v;
        };
    }

    private static Duration timeout(int iterations) {
        return Duration.ofSeconds(120 + iterations);
    }

    /**
     * Before measuring: SOR from the same start for a few iterations must give bit-identical grids in
     * all variants. After: VecMul's c must equal a*b everywhere. Fails loudly otherwise.
     */
    private static void check(Report report, PlainTeam plain, DsmCluster dsm, int threads, boolean after)
            throws Exception {
        if (!after) {
            plain.run(OverheadJob.OP_RESET, 0, 0);
            plain.run(OverheadJob.OP_SOR, 0, CHECK_SOR_ITERATIONS);
            plain.run(OverheadJob.OP_VECMUL, 0, 1);
        }
        double plainHash = plain.sorHash();
        long plainBad = plain.vecMismatches();
        StringBuilder line = new StringBuilder("check     : " + threads + " thread(s), " + (after ? "after" : "before")
                + ": plain vecmul mismatches " + plainBad);
        boolean ok = plainBad == 0;
        for (int v = 0; v < 2; v++) {
            if (!after) {
                dsm.call(timeout(0), OverheadJob.OP_RESET, v, 0);
                dsm.call(timeout(0), OverheadJob.OP_SOR, v, CHECK_SOR_ITERATIONS);
                dsm.call(timeout(0), OverheadJob.OP_VECMUL, v, 1);
            }
            double[] r = dsm.call(timeout(0), OverheadJob.OP_CHECK, v, 0)[0];
            line.append("; ").append(VARIANTS[v + 1]).append(" vecmul mismatches ").append((long) r[0]);
            ok &= r[0] == 0;
            if (!after) {
                boolean same = r[1] == plainHash;
                line.append(", SOR grid ").append(same ? "identical" : "DIFFERENT");
                ok &= same;
            }
        }
        report.println(line + (ok ? "  OK" : "  FAIL"));
        if (!ok) {
            throw new IllegalStateException("OneNodeOverhead: the DSM kernels computed something else than plain"
                    + " Java (" + line + ")");
        }
    }

    private static void print(Report report, List<String> kernels, List<Cell> cells) {
        TableFormatter values = new TableFormatter(Units::compact, Units::number);
        TableFormatter ratios = new TableFormatter(Units::compact, Units::ratio);
        List<String> verdicts = new ArrayList<>();
        for (String kernel : kernels) {
            Dataset time = new Dataset(kernel + ": time per iteration, median", "threads", "ms");
            Dataset spread = new Dataset(kernel + ": rep-to-rep spread (IQR / median)", "threads", "%");
            Dataset best = new Dataset(kernel + ": fastest repetition", "threads", "ms");
            Dataset cpu = new Dataset(kernel + ": thread 0's CPU time per iteration, median (cross-check: not"
                    + " inflated by preemption)", "threads", "ms");
            for (Cell c : cells) {
                if (c.kernel().equals(kernel)) {
                    time.add(c.variant(), c.threads(), c.sample().median() / 1e6);
                    cpu.add(c.variant(), c.threads(), c.cpuMedian() / 1e6);
                    spread.add(c.variant(), c.threads(), c.sample().spread() * 100);
                    best.add(c.variant(), c.threads(), c.sample().min() / 1e6);
                }
            }
            Dataset ratio = time.ratioTo("plain");
            Dataset bestRatio = best.ratioTo("plain");
            Dataset cpuRatio = cpu.ratioTo("plain");
            report.println();
            report.table(time, values);
            report.save(kernel + "-time", time, new SvgChart().xTicksAtData(true));
            report.println();
            report.table(spread, values);
            report.println();
            report.table(ratio, ratios);
            report.println("  (time ratio to plain Java: lower is better)");
            report.save(kernel + "-ratio", ratio, new SvgChart().xTicksAtData(true).reference(TARGET, "target 1.05x")
                    .reference(1.0, "parity"));
            report.println();
            report.table(cpu, values);
            report.println();
            report.table(cpuRatio, ratios);
            report.saveCsv(kernel + "-cpu", cpu);
            for (Dataset.Row r : ratio.rows()) {
                verdicts.add(String.format(java.util.Locale.ROOT, "%s|%s, %d thread(s), %s|%f|%f|%f", kernel, kernel,
                        (int) r.x(), r.series(), r.value(), DsmBench.at(bestRatio, r.series(), r.x()),
                        DsmBench.at(cpuRatio, r.series(), r.x())));
            }
        }
        report.println();
        report.println("Targets (DESIGN.md §8): DSM time / plain time <= 1.05 (dsm = the primary layout; dsm-fine shows"
                + " the per-block cost):");
        for (String v : verdicts) {
            String[] p = v.split("\\|");
            DsmBench.verdict(report, p[1], Double.parseDouble(p[2]), TARGET, true, "%.3fx",
                    String.format(java.util.Locale.ROOT, "[fastest reps: %.3fx; thread-0 CPU time: %.3fx]",
                            Double.parseDouble(p[3]), Double.parseDouble(p[4])));
        }
    }
}
