package org.jdsm.bench.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchEnv;
import org.jdsm.bench.harness.CpuMeter;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.report.Dataset;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.SvgChart;
import org.jdsm.bench.report.TableFormatter;
import org.jdsm.bench.report.Units;
import org.jdsm.launch.NodeJvm;

/**
 * The report of an {@link Apps} run: datasets (x = the application, one series per configuration)
 * printed as tables and saved as CSV + SVG through the shared report utilities, the target verdicts,
 * the time breakdown from the node statistics, checksums, and the same key numbers as markdown
 * tables in {@code report.md}.
 */
final class AppsReport {

    private final Report report;
    private final BenchArgs args;
    private final List<AppSpec> apps;
    private final List<Setup> setups;
    private final Map<AppSpec, Map<Setup, Cell>> cells;
    private final Map<AppSpec, String> loads;
    private final boolean quick;
    private final int reps;
    private final CpuMeter cpu;
    private final StringBuilder markdown = new StringBuilder();

    AppsReport(Report report, BenchArgs args, List<AppSpec> apps, List<Setup> setups,
               Map<AppSpec, Map<Setup, Cell>> cells, Map<AppSpec, String> loads, int reps, CpuMeter cpu) {
        this.cpu = cpu;
        this.report = report;
        this.args = args;
        this.apps = apps;
        this.setups = setups;
        this.cells = cells;
        this.loads = loads;
        this.quick = args.quick();
        this.reps = reps;
    }

    /** x value of an application: its position, 1-based. */
    private double x(AppSpec a) {
        return apps.indexOf(a) + 1;
    }

    private String appName(double x) {
        int i = (int) Math.round(x) - 1;
        return i >= 0 && i < apps.size() ? apps.get(i).sample() : Units.compact(x);
    }

    private Cell cell(AppSpec a, Setup s) {
        return cells.get(a).get(s);
    }

    /** Median kernel ms of {@code s} for {@code a}; NaN if not run or never passed. */
    private double median(AppSpec a, Setup s) {
        Cell c = cells.get(a).get(s);
        return c == null ? Double.NaN : c.median();
    }

    private double fastest(AppSpec a, Setup s) {
        Cell c = cells.get(a).get(s);
        return c == null ? Double.NaN : c.fastest();
    }

    private TableFormatter table(DoubleFunction<String> values) {
        return new TableFormatter(this::appName, values);
    }

    private SvgChart chart() {
        return new SvgChart().xTicksAtData(true).xFormat(this::appName);
    }

    void print() {
        Dataset time = new Dataset("kernel time, median of " + reps, "application", "kernel time (s)");
        Dataset best = new Dataset("kernel time, fastest repetition", "application", "kernel time (s)");
        Dataset spread = new Dataset("rep-to-rep spread (IQR / median)", "application", "%");
        Dataset repetitions = new Dataset("kernel time of every repetition (x = application, series ="
                + " configuration/repetition)", "application", "kernel time (ms)");
        for (AppSpec a : apps) {
            for (Setup s : setups) {
                Cell c = cell(a, s);
                Sample k = c.kernel();
                if (k != null) {
                    time.add(s.label, x(a), k.median() / 1e3);
                    best.add(s.label, x(a), k.min() / 1e3);
                    spread.add(s.label, x(a), k.spread() * 100);
                }
                List<RunResult> runs = c.runs();
                for (int i = 0; i < runs.size(); i++) {
                    repetitions.add(s.label + "/rep" + (i + 1), x(a), runs.get(i).kernelMillis());
                }
            }
        }
        report.println();
        report.table(time, table(Units::number));
        report.save("kernel-time", time, chart().logY(true));
        report.saveCsv("repetitions", repetitions);
        if (reps >= 3) {
            report.println();
            report.table(spread, table(Units::number));
        }

        Setup base = has(Setup.PLAIN_1) ? Setup.PLAIN_1 : null;
        Dataset speedup = new Dataset("speedup over plain Java 1 thread (median times)", "application", "speedup");
        Dataset efficiency = new Dataset("parallel efficiency = speedup / (nodes x threads)", "application", "%");
        if (base != null) {
            for (AppSpec a : apps) {
                double t1 = median(a, base);
                for (Setup s : setups) {
                    if (s != base && finite(t1, median(a, s))) {
                        double sp = t1 / median(a, s);
                        speedup.add(s.label, x(a), sp);
                        efficiency.add(s.label, x(a), sp / s.workers() * 100);
                    }
                }
            }
            report.println();
            report.table(speedup, table(Units::ratio));
            report.save("speedup", speedup, chart().reference(2, "ideal for 2 workers").reference(1, "1 worker"));
            report.println();
            report.table(efficiency, table(Units::number));
            report.saveCsv("efficiency", efficiency);
        }

        Dataset ratio = new Dataset("JDSM / plain Java at equal worker count (median times; lower is better)",
                "application", "time ratio");
        Dataset ratioBest = new Dataset("the same ratios between the fastest repetitions", "application",
                "time ratio");
        for (AppSpec a : apps) {
            addRatio(ratio, ratioBest, a, Setup.LRC_2N, Setup.PLAIN_2);
            addRatio(ratio, ratioBest, a, Setup.SC_2N, Setup.PLAIN_2);
            addRatio(ratio, ratioBest, a, Setup.JDSM_1N, Setup.PLAIN_1);
        }
        if (!ratio.isEmpty()) {
            report.println();
            report.table(ratio, table(Units::ratio));
            report.println("  (lrc-2n and sc-2n over plain-2t: the distribution cost against hardware shared memory;"
                    + " jdsm-1n over plain-1t: the one-node cost)");
            report.save("ratio-to-plain", ratio, chart().reference(AppSpec.TARGET_RATIO, "target 1.10x (LU, SOR)")
                    .reference(1, "parity"));
            report.saveCsv("ratio-to-plain-fastest", ratioBest);
        }

        Dataset hz = new Dataset("Hazelcast / JDSM, same kernel, 2 JVMs each (median times; higher = JDSM faster)",
                "application", "time ratio");
        Dataset hzBest = new Dataset("the same ratios between the fastest repetitions", "application", "time ratio");
        for (AppSpec a : apps) {
            addRatio(hz, hzBest, a, Setup.HZ_2N, Setup.LRC_2N);
            addRatio(hz, hzBest, a, Setup.HZ_2N, Setup.SC_2N);
        }
        if (!hz.isEmpty()) {
            report.println();
            report.table(hz, table(Units::ratio));
            report.save("hazelcast-ratio", hz, chart().logY(true).reference(AppSpec.HAZELCAST_RATIO,
                    "issue: JDSM 10x faster").reference(1, "parity"));
        }

        printCpuShare();
        printTargets(ratio, ratioBest);
        printHazelcastTargets(hz, hzBest);
        printBreakdown();
        printChecksums();
        printFailures();
        writeMarkdown(speedup, ratio, hz);
    }

    private boolean has(Setup s) {
        return setups.contains(s);
    }

    private static boolean finite(double... v) {
        for (double d : v) {
            if (!Double.isFinite(d) || d == 0) {
                return false;
            }
        }
        return true;
    }

    private void addRatio(Dataset ratio, Dataset best, AppSpec a, Setup num, Setup den) {
        if (has(num) && has(den) && finite(median(a, num), median(a, den))) {
            String name = num.label + "/" + den.label;
            ratio.add(name, x(a), median(a, num) / median(a, den));
            best.add(name, x(a), fastest(a, num) / fastest(a, den));
        }
    }

    private void printTargets(Dataset ratio, Dataset ratioBest) {
        report.println();
        report.println("Target (DESIGN.md §8, issue 6): JDSM 2 nodes within 10% of 2 threads in one JVM"
                + " (time ratio <= " + AppSpec.TARGET_RATIO + "x) for LU 2048, SOR size B and Water, at sizes where"
                + " the work dominates:");
        boolean any = false;
        for (AppSpec a : apps) {
            if (!a.target()) {
                continue;
            }
            for (Setup s : List.of(Setup.LRC_2N, Setup.SC_2N)) {
                String name = s.label + "/" + Setup.PLAIN_2.label;
                double v = ratio.value(name, x(a)).orElse(Double.NaN);
                double b = ratioBest.value(name, x(a)).orElse(Double.NaN);
                if (!has(s) || !has(Setup.PLAIN_2)) {
                    continue;
                }
                any = true;
                String size = String.join(" ", a.args(quick));
                String verdict = Double.isNaN(v) ? "NOT MEASURED (a configuration failed)"
                        : v <= AppSpec.TARGET_RATIO ? "PASS" : "MISS";
                report.println(String.format(Locale.ROOT, "  %-4s %-6s %-14s %s / %s = %s  %s  [fastest reps: %s]%s",
                        verdict, a.sample(), "(" + size + ")", s.label, Setup.PLAIN_2.label, fmtRatio(v),
                        "(limit " + AppSpec.TARGET_RATIO + "x)", fmtRatio(b),
                        quick ? "  (quick size: not the target's size)" : ""));
            }
        }
        if (!any) {
            report.println("  (no target application or configuration in this run)");
        }
        report.println("  Other applications: ratios reported above for information; no target in DESIGN.md §8.");
    }

    private void printHazelcastTargets(Dataset hz, Dataset hzBest) {
        if (!has(Setup.HZ_2N)) {
            return;
        }
        report.println();
        report.println("Against Hazelcast (issue 6): the same SOR kernel and a lock-heavy kernel (Pi's work queue"
                + " under a lock) on embedded Hazelcast members in two JVMs; JDSM should win by an order of magnitude"
                + " (Hazelcast time / JDSM time >= " + AppSpec.HAZELCAST_RATIO + "x):");
        for (AppSpec a : apps) {
            if (!a.hazelcast()) {
                continue;
            }
            for (Setup s : List.of(Setup.LRC_2N, Setup.SC_2N)) {
                if (!has(s)) {
                    continue;
                }
                String name = Setup.HZ_2N.label + "/" + s.label;
                double v = hz.value(name, x(a)).orElse(Double.NaN);
                double b = hzBest.value(name, x(a)).orElse(Double.NaN);
                String verdict = Double.isNaN(v) ? "NOT MEASURED (a configuration failed)"
                        : v >= AppSpec.HAZELCAST_RATIO ? "PASS" : "MISS";
                report.println(String.format(Locale.ROOT, "  %-4s %-6s %-14s %s = %s  (JDSM %s)  [fastest reps: %s]",
                        verdict, a.sample(), "(" + String.join(" ", a.args(quick)) + ")", name, fmtRatio(v),
                        Double.isNaN(v) ? "?" : v >= 1 ? "faster" : "SLOWER", fmtRatio(b)));
            }
        }
    }

    /**
     * CPU the compute threads got during the kernel: their CPU time (whole run, {@link CpuProfile})
     * over kernel time x workers. For plain Java close to 100% unless other processes took the CPUs;
     * for JDSM lower also where threads wait for messages or at barriers.
     */
    private void printCpuShare() {
        Dataset share = new Dataset("compute threads' CPU time / (kernel time x workers): the CPU they got",
                "application", "%");
        Dataset jit = new Dataset("JIT compilation time per JVM (CompilationMXBean: elapsed time summed over the"
                + " compiler threads, so stretched by load too; cold JVMs compile during the run, partly during the"
                + " kernel, and on 2 cpus the compiler threads compete with the compute threads)", "application", "s");
        Dataset comm = new Dataset("CPU time of the comm threads (JDSM: Trans workers + Netty event loops; Hazelcast:"
                + " its hz.* threads) per JVM", "application", "s");
        for (AppSpec a : apps) {
            for (Setup s : setups) {
                Cell c = cell(a, s);
                double worker = c.cpu("worker");
                double kernel = c.median();
                if (finite(worker, kernel)) {
                    // worker CPU is per JVM; JVMs = nodes (DSM, Hazelcast) or 1 (plain)
                    int jvms = s.plain() ? 1 : s.nodes;
                    share.add(s.label, x(a), worker * jvms / (kernel * s.workers()) * 100);
                }
                double commCpu = s.kind == Setup.Kind.HAZELCAST ? c.cpu("hz") : c.cpu("trans") + c.cpu("netty");
                if (!s.plain() && Double.isFinite(commCpu)) {
                    comm.add(s.label, x(a), commCpu / 1e3);
                }
                if (Double.isFinite(c.cpu("jit"))) {
                    jit.add(s.label, x(a), c.cpu("jit") / 1e3);
                }
            }
        }
        if (share.isEmpty()) {
            return;
        }
        report.println();
        report.table(share, table(Units::number));
        report.println("  (measured per JVM over the whole run, so the input set-up on worker threads and node 0's"
                + " validation count too; plain Java near 100% means the threads had their CPUs, lower means other"
                + " processes took them; JDSM's threads also block waiting for messages and barriers)");
        report.saveCsv("cpu-share", share);
        if (!comm.isEmpty()) {
            report.println();
            report.table(comm, table(Units::number));
            report.saveCsv("comm-cpu", comm);
        }
        if (!jit.isEmpty()) {
            report.println();
            report.table(jit, table(Units::number));
            report.saveCsv("jit", jit);
        }
        printCpuCost();
    }

    /**
     * The work each configuration did in CPU time rather than wall time: much less sensitive to other
     * processes taking the CPUs (they stretch the wall time, not the CPU time), but blind to waiting.
     */
    private void printCpuCost() {
        Dataset cost = new Dataset("CPU time of the kernel's compute threads (est.) + all comm threads, all JVMs",
                "application", "CPU s");
        for (AppSpec a : apps) {
            for (Setup s : setups) {
                Cell c = cell(a, s);
                double compute = c.kernelCpu();
                double comm = s.plain() ? 0 : c.commCpu();
                if (Double.isFinite(compute) && Double.isFinite(comm) && compute > 0) {
                    cost.add(s.label, x(a), (compute + comm) / 1e3);
                }
            }
        }
        if (cost.isEmpty()) {
            return;
        }
        report.println();
        report.println("CPU-time view (less sensitive to the machine's load than wall times, but blind to waiting):"
                + " compute = the worker threads' CPU time (several JVMs: ranks 1..N-1 x N, as node 0 also"
                + " validates; one JVM: its workers, jdsm-1n including validation); comm = Trans + Netty (Hazelcast:"
                + " hz.*) threads of all JVMs over the whole run (node 0's validation transfers included)");
        report.table(cost, table(Units::number));
        report.saveCsv("cpu-cost", cost);
        if (has(Setup.PLAIN_2)) {
            Dataset rel = cost.ratioTo(Setup.PLAIN_2.label);
            report.table(rel, table(Units::ratio));
            report.saveCsv("cpu-cost-ratio", rel);
        }
    }

    private static String fmtRatio(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.3fx", v);
    }

    /** Per application and protocol, where the 2-node kernel time goes, from the node statistics. */
    private void printBreakdown() {
        List<Setup> twoNode = setups.stream().filter(s -> s.nodes > 1).toList();
        if (twoNode.isEmpty()) {
            return;
        }
        report.println();
        report.println("Time breakdown of the 2-node runs (per node, mean of the nodes, median over repetitions):");
        report.println("  kernel         measured: the sample's kernel time (wall, node 0)");
        report.println("  compute        ESTIMATE: jdsm-1n kernel time / 2 (plain-1t / 2 if jdsm-1n was not run): the"
                + " work itself, perfectly split");
        report.println("  barrier wait   measured: barrier_wait_nanos (time inside barrier(): waiting for the other"
                + " node, i.e. load imbalance and its fetches, plus the LRC diff flush and the barrier messages);"
                + " whole job, so it also holds the few barriers outside the timed kernel");
        report.println("  lock wait      measured: lock_wait_nanos (remote lock acquires)");
        report.println("  fetch wait     measured: fetch_wait_nanos (user threads waiting for a block: their fetch"
                + " round trips, another thread's fetch, at a home the diffs still on their way; SC: also waiting for"
                + " ownership); whole job, so node 0's validation fetches after the kernel are in it");
        report.println("  diff           measured: diff_nanos (making diffs from twins and applying them at homes);"
                + " NOT subtracted below: it overlaps the other rows (made inside barrier wait, or on a comm thread"
                + " when a lock token leaves; applied on the homes' comm threads)");
        report.println("  other          ESTIMATE (residual): kernel - compute - barrier wait - lock wait - fetch"
                + " wait: twin and diff work on the compute thread outside barriers, DSM checks and the CPU the comm"
                + " threads take from the compute thread (negative when node 0's validation fetches outweigh it)");
        report.println("  worker CPU     measured: CPU time of the node's compute thread (whole run; node 0's"
                + " includes the validation); comm threads CPU: Trans workers + Netty event loops, measured (on 2"
                + " cores they compete with the compute threads)");
        report.println("  counts         fetches, diffs, diff elements, remote lock acquires, messages, bytes: summed"
                + " over the nodes, whole job (node 0's validation reads the whole result after the kernel: its fetches"
                + " are in the counts)");
        for (Setup s : twoNode) {
            Dataset time = new Dataset(s.label + ": time breakdown per node", "application", "s");
            Dataset counts = new Dataset(s.label + ": DSM activity, both nodes, whole job", "application", "count");
            for (AppSpec a : apps) {
                Breakdown b = breakdown(a, s);
                if (b == null) {
                    continue;
                }
                time.add("kernel", x(a), b.kernel / 1e3);
                time.add("compute (est.)", x(a), b.compute / 1e3);
                time.add("barrier wait", x(a), b.barrier / 1e3);
                time.add("lock wait", x(a), b.lock / 1e3);
                time.add("fetch wait", x(a), b.fetch / 1e3);
                time.add("diff (overlaps)", x(a), b.diff / 1e3);
                time.add("other (est.)", x(a), b.residual() / 1e3);
                Cell c = cell(a, s);
                time.add("worker CPU", x(a), c.cpu("worker") / 1e3);
                time.add("comm threads CPU", x(a), (c.cpu("trans") + c.cpu("netty")) / 1e3);
                for (String counter : List.of("fetches", "diffs_sent", "diff_elements", "lock_remote_acquires",
                        "barriers", "msgs_sent")) {
                    counts.add(counter, x(a), c.total(counter));
                }
                counts.add("MB_sent", x(a), c.total("bytes_sent") / 1e6);
            }
            if (time.isEmpty()) {
                continue;
            }
            report.println();
            report.table(time, table(Units::number));
            report.saveCsv("breakdown-" + s.label, time);
            report.table(counts, table(Units::number));
            report.saveCsv("counters-" + s.label, counts);
        }
    }

    /** Times in ms; {@code diff} overlaps the others, so the residual leaves it out. */
    private record Breakdown(double kernel, double compute, double barrier, double lock, double fetch, double diff) {
        double residual() {
            return kernel - compute - barrier - lock - fetch;
        }
    }

    private Breakdown breakdown(AppSpec a, Setup s) {
        Cell c = cell(a, s);
        double kernel = c.median();
        if (!Double.isFinite(kernel) || !Double.isFinite(c.perNode("barrier_wait_nanos"))) {
            return null;
        }
        double one = has(Setup.JDSM_1N) ? median(a, Setup.JDSM_1N) : Double.NaN;
        if (!Double.isFinite(one) && has(Setup.PLAIN_1)) {
            one = median(a, Setup.PLAIN_1);
        }
        double compute = one / s.workers();
        double barrier = c.perNode("barrier_wait_nanos") / 1e6 / s.threads;
        double lock = c.perNode("lock_wait_nanos") / 1e6 / s.threads;
        double fetch = c.perNode("fetch_wait_nanos") / 1e6 / s.threads;
        double diff = c.perNode("diff_nanos") / 1e6 / s.threads;
        return new Breakdown(kernel, compute, barrier, lock, fetch, diff);
    }

    private void printChecksums() {
        report.println();
        report.println("Checksums (what each sample's validation recorded; every run also passed the sample's own"
                + " check against the published value or a sequential run):");
        for (AppSpec a : apps) {
            double ref = Double.NaN;
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-14s", a.sample()));
            for (Setup s : setups) {
                double v = cell(a, s).checksum();
                line.append(' ').append(s.label).append(' ');
                if (Double.isNaN(v)) {
                    line.append('-');
                } else if (Double.isNaN(ref)) {
                    ref = v;
                    line.append(v);
                } else if (Double.compare(v, ref) == 0) {
                    line.append("same");
                } else {
                    line.append(v).append(String.format(Locale.ROOT, " (rel. dev. %.1e)",
                            Math.abs(v - ref) / Math.max(Math.abs(ref), Double.MIN_NORMAL)));
                }
                if (cell(a, s).checksumsVary()) {
                    line.append(" (VARIES between repetitions)");
                }
                line.append(';');
            }
            report.println(line.toString());
        }
    }

    private void printFailures() {
        List<String> lines = new ArrayList<>();
        for (AppSpec a : apps) {
            for (Setup s : setups) {
                for (RunResult r : cell(a, s).runs()) {
                    if (!r.ok()) {
                        lines.add("  " + a.key() + " " + s.label + " (" + String.join(" ", a.args(quick)) + "): "
                                + r.failure());
                    }
                }
            }
        }
        report.println();
        if (lines.isEmpty()) {
            report.println("failures  : none (every run passed its sample's validation)");
        } else {
            report.println("failures  : " + lines.size() + " run(s) FAILED (details and thread dumps on stderr):");
            lines.forEach(report::println);
        }
    }

    // ---------------------------------------------------------------- markdown

    private void writeMarkdown(Dataset speedup, Dataset ratio, Dataset hz) {
        md("# " + Apps.NAME + (quick ? " (quick)" : ""));
        md("");
        md("- reproduce: `" + BenchEnv.reproduceCommand(Apps.NAME, args) + "`");
        Setup twoNodes = Setup.LRC_2N; // sc-2n has the same shape
        List<String> twoNodeOptions = NodeJvm.coreSharingOptions(twoNodes.nodes, twoNodes.threads);
        md("- jdk: " + BenchEnv.jdk() + "; jvm options (every JVM): `" + String.join(" ", BenchEnv.jvmArgs()) + "`; "
                + (twoNodeOptions.isEmpty() ? "no more for JDSM's 2-node JVMs"
                        : "JDSM's 2-node JVMs also get `" + String.join(" ", twoNodeOptions) + "`")
                + ", as from `jdsm run -n " + twoNodes.nodes + " -t " + twoNodes.threads + "` on this machine");
        md("- " + reps + " repetition(s), median; kernel time from each sample's PASS line; every run in fresh JVMs");
        StringBuilder load = new StringBuilder("- load average (1/5/15 min) before each application:");
        loads.forEach((a, l) -> load.append(' ').append(a.key()).append(' ').append(l).append(';'));
        md(load.toString());
        String others = cpu.othersSummary();
        if (others != null) {
            md("- noise: " + others);
        }
        md("- on a loaded machine JDSM's message round trips wait for the scheduler in two processes, which likely"
                + " costs the 2-node configurations more than plain Java: ratios measured under load are probably"
                + " pessimistic for JDSM (not verified on a quiet machine)");
        md("");
        List<String> header = new ArrayList<>(List.of("application", "size"));
        for (Setup s : setups) {
            header.add(s.label + " (s)");
        }
        for (Setup s : setups) {
            if (s.workers() > 1 && speedup.series().contains(s.label)) {
                header.add("speedup " + s.label);
            }
        }
        for (Setup s : setups) {
            if (s.nodes > 1 && speedup.series().contains(s.label)) {
                header.add("eff. " + s.label);
            }
        }
        List<String> ratios = ratio.series().stream().filter(n -> n.endsWith("/" + Setup.PLAIN_2.label)).toList();
        header.addAll(ratios);
        header.add("target (<= 1.10x)");
        List<String> hzRatios = hz.series();
        for (String r : hzRatios) {
            header.add(r + " (issue: >= 10x)");
        }
        List<List<String>> rows = new ArrayList<>();
        for (AppSpec a : apps) {
            List<String> row = new ArrayList<>(List.of(a.sample(), String.join(" ", a.args(quick))));
            for (Setup s : setups) {
                Cell c = cell(a, s);
                String v = c.runs().isEmpty() ? "n/a" : Double.isNaN(c.median()) ? "FAILED"
                        : Units.number(c.median() / 1e3);
                if (c.failures() > 0 && !Double.isNaN(c.median())) {
                    v += " (" + c.failures() + " failed)";
                }
                row.add(v);
            }
            for (Setup s : setups) {
                if (s.workers() > 1 && speedup.series().contains(s.label)) {
                    row.add(speedup.value(s.label, x(a)).isPresent()
                            ? Units.ratio(speedup.value(s.label, x(a)).getAsDouble()) : "-");
                }
            }
            for (Setup s : setups) {
                if (s.nodes > 1 && speedup.series().contains(s.label)) {
                    row.add(speedup.value(s.label, x(a)).isPresent() ? String.format(Locale.ROOT, "%.0f%%",
                            speedup.value(s.label, x(a)).getAsDouble() / s.workers() * 100) : "-");
                }
            }
            StringBuilder verdicts = new StringBuilder();
            for (String r : ratios) {
                var v = ratio.value(r, x(a));
                row.add(v.isPresent() ? Units.ratio(v.getAsDouble()) : "-");
                if (a.target() && v.isPresent()) {
                    verdicts.append(verdicts.length() == 0 ? "" : ", ").append(r.substring(0, r.indexOf('/')))
                            .append(' ').append(v.getAsDouble() <= AppSpec.TARGET_RATIO ? "PASS" : "MISS");
                }
            }
            row.add(a.target() ? (verdicts.length() == 0 ? "n/a" : verdicts.toString()) : "(no target)");
            for (String r : hzRatios) {
                var v = hz.value(r, x(a));
                row.add(v.isPresent() ? Units.ratio(v.getAsDouble()) + (v.getAsDouble() >= AppSpec.HAZELCAST_RATIO
                        ? " PASS" : " MISS") : "-");
            }
            rows.add(row);
        }
        mdTable(header, rows);
        md("");
        List<String> bHeader = List.of("application", "config", "kernel (s)", "compute est. (s)", "barrier wait (s)",
                "lock wait (s)", "fetch wait (s)", "diff, overlapping (s)", "other est. (s)", "worker CPU (s)", "comm CPU (s)", "fetches", "diffs",
                "diff elements", "remote locks",
                "msgs", "MB sent");
        List<List<String>> bRows = new ArrayList<>();
        for (AppSpec a : apps) {
            for (Setup s : setups) {
                if (s.nodes < 2) {
                    continue;
                }
                Breakdown b = breakdown(a, s);
                if (b == null) {
                    continue;
                }
                Cell c = cell(a, s);
                bRows.add(List.of(a.sample(), s.label, Units.number(b.kernel / 1e3), Units.number(b.compute / 1e3),
                        Units.number(b.barrier / 1e3), Units.number(b.lock / 1e3), Units.number(b.fetch / 1e3),
                        Units.number(b.diff / 1e3), Units.number(b.residual() / 1e3),
                        Units.number(c.cpu("worker") / 1e3), Units.number((c.cpu("trans") + c.cpu("netty")) / 1e3),
                        Units.count(c.total("fetches")), Units.count(c.total("diffs_sent")),
                        Units.count(c.total("diff_elements")), Units.count(c.total("lock_remote_acquires")),
                        Units.count(c.total("msgs_sent")), Units.number(c.total("bytes_sent") / 1e6)));
            }
        }
        if (!bRows.isEmpty()) {
            md("Breakdown per node (compute and other are estimates; diff overlaps barrier wait and the comm threads"
                    + " and is not part of other; counts are both nodes, whole job):");
            md("");
            mdTable(bHeader, bRows);
        }
        Path file = report.dir().resolve("report.md");
        try {
            Files.writeString(file, markdown, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        report.println();
        report.println("Markdown (also in " + file + "):");
        report.println();
        markdown.toString().lines().forEach(report::println);
    }

    private void md(String line) {
        markdown.append(line).append('\n');
    }

    private void mdTable(List<String> header, List<List<String>> rows) {
        md("| " + String.join(" | ", header) + " |");
        StringBuilder rule = new StringBuilder("|");
        for (int i = 0; i < header.size(); i++) {
            rule.append(i < 2 ? "---|" : "---:|");
        }
        md(rule.toString());
        for (List<String> r : rows) {
            md("| " + String.join(" | ", r) + " |");
        }
    }
}
