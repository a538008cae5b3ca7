package org.jdsm.bench.instrument;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;
import org.jdsm.instrument.InstrumentingClassLoader;

/**
 * What instrumentation costs on one node (issue 5): the same plain-code kernels (SOR, LU, Series)
 * run uninstrumented, instrumented, and instrumented on private arrays (checks only, no shared
 * data: the checks' own cost), next to the explicit-API version, side by side in one JVM. Every
 * variant is a one-node job of T threads ({@link RunningJob}); the instrumented ones load the job
 * classes through {@link InstrumentingClassLoader}, each through its own loader so each has its own
 * JIT profile. Target: instrumented at most 5% slower than uninstrumented.
 */
public final class InstrumentOverhead {

    static final String NAME = "InstrumentOverhead";
    private static final String SUMMARY = "One node: plain-code SOR, LU and Series instrumented vs uninstrumented vs"
            + " the explicit API.";
    private static final double TARGET = 1.05;
    private static final String JOBS = "org.jdsm.bench.instrument.jobs.";
    private static final String BASELINE = "uninstrumented";

    static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--threads", "LIST", "threads of the node (default 1,2)"),
            new BenchArgs.Option("--kernels", "LIST", "sor, series, lu (default all three)"),
            new BenchArgs.Option("--sor-n", "N", "SOR grid is N x N (default 1000)"),
            new BenchArgs.Option("--sor-block-rows", "N", "SOR rows per block (default 1, as the Sor sample)"),
            new BenchArgs.Option("--series-n", "N", "Series coefficients (default 400)"),
            new BenchArgs.Option("--lu-n", "N", "LU matrix is N x N (default 512)"),
            new BenchArgs.Option("--lu-block", "B", "LU block is B x B, one DSM block (default 16)"),
            new BenchArgs.Option("--protocol", "NAME", "DSM protocol (default lrc)"),
            new BenchArgs.Option("--reps", "N", "measured repetitions per variant (default 11, quick 5)"));

    /** A way of running a kernel. */
    private record Variant(String name, String classSuffix, boolean instrumented, String data) {
    }

    private static final List<Variant> VARIANTS = List.of(
            new Variant(BASELINE, "Plain", false, "shared"),
            new Variant("instrumented", "Plain", true, "shared"),
            new Variant("instr-private", "Plain", true, "private"),
            new Variant("explicit", "Explicit", false, "shared"));

    private InstrumentOverhead() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 5 : 15), InstrumentOverhead::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        List<Integer> threads = args.list("--threads", List.of("1", "2")).stream().map(Integer::parseInt).toList();
        List<String> kernels = args.list("--kernels", List.of("sor", "series", "lu"));
        kernels.forEach(k -> jobArgs(k, args)); // an unknown kernel fails here, before any measurement
        if (kernels.contains("sor")) {
            threads.forEach(t -> requireOwnSorBlocks(args, t));
        }
        String protocol = args.value("--protocol", "lrc");
        int reps = Integer.parseInt(args.value("--reps", args.quick() ? "5" : "11"));
        Plan plan = args.quick() ? Plan.of(500, 2000, reps, 100_000, 150) : Plan.of(1500, 6000, reps, 100_000, 300);
        report.println("setup     : one node in this JVM (comm local, protocol " + protocol + "), T threads; the same"
                + " plain-code job class run");
        report.println("            " + BASELINE + " (as compiled), instrumented (rewritten at load time),"
                + " instr-private (rewritten, nothing registered: the checks alone), and the explicit-API twin");
        report.println("            sor: red-black, " + args.value("--sor-n", "1000") + "^2 grid in one double[], "
                + args.value("--sor-block-rows", "1") + " row(s) per block, 2 barriers per iteration; series: "
                + args.value("--series-n", "400")
                + " coefficient pairs, 1000-step trapezoids, one block per thread");
        report.println("            lu: SPLASH-2 LU, contiguous blocks, no pivoting, " + args.value("--lu-n", "512") + "^2"
                + " matrix of " + args.value("--lu-block", "16") + "^2 blocks (one block each), 2-D block-cyclic owners,"
                + " 2 barriers per step; each iteration copies the input in and factors it");
        report.println("method    : " + Sampler.describeWarmUp(plan) + ", then " + plan.reps() + " repetitions per"
                + " variant interleaved, each as many iterations as fit in " + plan.rep().maxNanos() / 1_000_000
                + " ms; value = mean time per iteration; reported: median over repetitions");
        report.println("check     : every variant's data after 3 iterations from the start must be bit-identical");
        List<Dataset> ratios = new ArrayList<>();
        for (String kernel : kernels) {
            Dataset time = new Dataset(kernel + ": wall time per iteration, median", "threads", "ms");
            Dataset cpu = new Dataset(kernel + ": thread 0's CPU time per iteration, median", "threads", "ms");
            Dataset fastest = new Dataset(kernel + ": thread 0's CPU time per iteration, fastest repetition", "threads", "ms");
            Dataset spread = new Dataset(kernel + ": rep-to-rep spread of the wall time (IQR / median)", "threads", "%");
            Dataset[] data = {time, cpu, fastest, spread};
            for (int t : threads) {
                measure(kernel, t, protocol, args, plan, report, data);
            }
            for (Dataset d : data) {
                report.println();
                report.table(d, new TableFormatter(Units::compact, Units::number));
            }
            for (Dataset d : new Dataset[] {time, cpu, fastest}) {
                Dataset ratio = d.ratioTo(BASELINE);
                report.println();
                report.table(ratio, new TableFormatter(Units::compact, Units::ratio));
                ratios.add(ratio);
            }
            report.println("  (ratios to " + BASELINE + ": lower is better)");
            report.save(kernel + "-ratio", ratios.get(ratios.size() - 3), new SvgChart().xTicksAtData(true)
                    .reference(TARGET, "target 1.05x"));
        }
        report.println();
        report.println("Target (issue 5): instrumented / " + BASELINE + " <= " + TARGET + " (wall time; on a busy machine"
                + " thread 0's CPU time, median and fastest repetition, as cross-checks):");
        String series = "instrumented/" + BASELINE;
        for (int k = 0; k < ratios.size(); k += 3) {
            for (Dataset.Row r : ratios.get(k).points(series)) {
                double cpuRatio = ratios.get(k + 1).value(series, r.x()).orElse(Double.NaN);
                double fastestRatio = ratios.get(k + 2).value(series, r.x()).orElse(Double.NaN);
                report.println(String.format(Locale.ROOT, "  %-24s wall %.3fx  %s   [CPU %.3fx  %s; fastest CPU %.3fx  %s]",
                        ratios.get(k).title().split(":")[0] + ", " + (int) r.x() + " thread(s)", r.value(),
                        verdict(r.value()), cpuRatio, verdict(cpuRatio), fastestRatio, verdict(fastestRatio)));
            }
        }
    }

    private static String verdict(double ratio) {
        return ratio <= TARGET ? "PASS" : "MISS";
    }

    /** Measures every variant of {@code kernel} on {@code threads} threads into {@code data} (wall, CPU, fastest CPU, spread). */
    private static void measure(String kernel, int threads, String protocol, BenchArgs args, Plan plan, Report report,
                                Dataset[] data) throws Exception {
        String base = JOBS + Character.toUpperCase(kernel.charAt(0)) + kernel.substring(1);
        List<String> jobArgs = jobArgs(kernel, args);
        List<RunningJob> jobs = new ArrayList<>();
        try {
            for (Variant v : VARIANTS) {
                ClassLoader parent = InstrumentOverhead.class.getClassLoader();
                ClassLoader loader = v.instrumented() ? new InstrumentingClassLoader(parent, n -> n.startsWith(JOBS)) : parent;
                jobs.add(new RunningJob(base + v.classSuffix(), loader, threads, protocol, v.data(), jobArgs));
            }
            check(kernel, threads, jobs, report);
            List<List<Double>> cpu = new ArrayList<>();
            List<Trial> trials = new ArrayList<>();
            for (RunningJob job : jobs) {
                List<Double> cpuValues = new ArrayList<>();
                cpu.add(cpuValues);
                trials.add(trial(job, cpuValues));
            }
            List<Sample> samples = new Sampler(plan).measure(trials);
            StringBuilder progress = new StringBuilder("  " + kernel + " " + threads + " thread(s) ms/iteration:");
            for (int k = 0; k < VARIANTS.size(); k++) {
                String name = VARIANTS.get(k).name();
                List<Double> c = cpu.get(k);
                double[] measured = c.subList(c.size() - plan.reps(), c.size()).stream().mapToDouble(Double::doubleValue).toArray();
                data[0].add(name, threads, samples.get(k).median() / 1e6);
                data[1].add(name, threads, new Sample(measured).median() / 1e6);
                data[2].add(name, threads, new Sample(measured).min() / 1e6);
                data[3].add(name, threads, samples.get(k).spread() * 100);
                progress.append(String.format(Locale.ROOT, " %s %.3f", name, samples.get(k).median() / 1e6));
            }
            System.err.println(progress);
        } finally {
            for (RunningJob job : jobs) {
                job.close();
            }
        }
    }

    /**
     * The explicit SOR job keeps its band's inner rows acquired across iterations and takes its
     * edge rows each phase: a block shared by two threads' bands would make them wait for each
     * other for ever, so every band must start at a block boundary.
     */
    static void requireOwnSorBlocks(BenchArgs args, int threads) {
        List<String> sor = jobArgs("sor", args); // N, rows per block
        int n = Integer.parseInt(sor.get(0));
        int blockRows = Integer.parseInt(sor.get(1));
        for (int t = 1; t < threads; t++) {
            long first = (long) t * n / threads;
            if (first % blockRows != 0) {
                throw new IllegalArgumentException("--sor-block-rows " + blockRows + " with " + threads + " threads on a " + n
                        + "-row grid: thread " + t + "'s rows start at row " + first
                        + ", inside a block another thread holds (the explicit job would wait for ever); pick a divisor of "
                        + n / threads + " that splits the grid at the threads' bands");
            }
        }
    }

    /** The job arguments of {@code kernel}, whose job classes are {@code jobs.<Kernel>Plain} and {@code jobs.<Kernel>Explicit}. */
    private static List<String> jobArgs(String kernel, BenchArgs args) {
        return switch (kernel) {
            case "sor" -> List.of(args.value("--sor-n", "1000"), args.value("--sor-block-rows", "1"));
            case "series" -> List.of(args.value("--series-n", "400"));
            case "lu" -> List.of(args.value("--lu-n", "512"), args.value("--lu-block", "16"));
            default -> throw new IllegalArgumentException("unknown kernel '" + kernel + "'; known: sor, series, lu");
        };
    }

    /**
     * As many iterations per repetition as fit in its time budget, by the last repetition's speed;
     * the value is the wall time per iteration, thread 0's CPU time goes to {@code cpu}.
     */
    private static Trial trial(RunningJob job, List<Double> cpu) {
        double[] estimate = {1e7};
        return budget -> {
            int iterations = (int) Math.max(1, Math.min(budget.maxOps(), budget.maxNanos() / estimate[0]));
            double[] r = job.iterate(iterations);
            cpu.add(r[1]);
            estimate[0] = r[0];
            return r[0];
        };
    }

    private static void check(String kernel, int threads, List<RunningJob> jobs, Report report) throws Exception {
        StringBuilder line = new StringBuilder("check     : " + kernel + ", " + threads + " thread(s):");
        double expected = Double.NaN;
        boolean same = true;
        for (int k = 0; k < jobs.size(); k++) {
            jobs.get(k).iterate(3);
            double sum = jobs.get(k).checksum();
            same &= k == 0 || Double.doubleToLongBits(sum) == Double.doubleToLongBits(expected);
            expected = k == 0 ? sum : expected;
            line.append(' ').append(VARIANTS.get(k).name()).append('=').append(sum);
        }
        report.println(line + (same ? "  OK" : "  DIFFERENT"));
        if (!same) {
            throw new IllegalStateException(NAME + ": the variants computed different results (" + line + ")");
        }
    }
}
