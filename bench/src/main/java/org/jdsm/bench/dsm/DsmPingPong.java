package org.jdsm.bench.dsm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * DSM ping-pong (DESIGN.md §8): two node JVMs alternately acquire, write (every element) and release
 * a shared {@code double[]} registered as one block, 1 KiB .. 4 MiB, side by side in the same run with
 * the raw ping-pong of {@code CommPingPong} (NettyComm between two JVMs, and the plain socket).
 * Reports the one-way time per handover, bandwidth (size / one-way time) and the ratio DSM / raw
 * NettyComm bandwidth; target at least 0.80 from 128 KiB (the JDSM paper: 0.25-0.50). Protocol lrc
 * is the subject, sc an extra series. Run with {@code bench/run.sh DsmPingPong}.
 */
public final class DsmPingPong {

    static final String NAME = "DsmPingPong";
    private static final String SUMMARY = "DSM ping-pong (two node JVMs alternately acquire/write/release one shared"
            + " block) vs the raw NettyComm and socket ping-pong.";
    private static final List<String> DEFAULT_SIZES = List.of("1k", "16k", "128k", "1m", "4m");
    private static final double TARGET = 0.80;
    private static final int TARGET_FROM = 128 * 1024;
    private static final int MAX_ROUNDS = 20_000;
    private static final int MIN_ROUNDS = 5;

    static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--sizes", "LIST", "array sizes in bytes, e.g. 1k,128k,4m (default 1k,16k,128k,1m,4m)"),
            new BenchArgs.Option("--protocols", "LIST", "DSM protocols, first is the subject (default lrc,sc)"),
            new BenchArgs.Option("--comms", "LIST", "comm modules of the DSM series, first is the subject: netty, ucx"
                    + " (series dsm-PROTOCOL-ucx; UCX transports with --comm-opt ucx.config.TLS=...) (default netty)"),
            new BenchArgs.Option("--raw", "LIST", "baselines: socket and netty (CommPingPong's), trans (Trans"
                    + " request/reply of the same double[]) (default socket,netty,trans)"),
            new BenchArgs.Option("--no-breakdown", null, "skip the in-process replay of the DSM data path"),
            new BenchArgs.Option("--strict", null, "fail when a node re-acquires its own write (no alternation)"),
            DsmBench.REPS, DsmBench.COMM_OPT);

    /** Side data of one DSM repetition (both nodes' counters). */
    private record DsmRep(double[][] nodes) {
    }

    /** One DSM protocol's cluster and its estimates and repetition records per size. */
    private static final class DsmSeries {
        final String name;
        /** The Comm module it runs over: its raw series is the baseline of the verdicts. */
        final String comm;
        final DsmCluster cluster;
        final Map<Integer, Double> estimate = new LinkedHashMap<>();
        final Map<Integer, List<DsmRep>> reps = new LinkedHashMap<>();

        DsmSeries(String name, String comm, DsmCluster cluster) {
            this.name = name;
            this.comm = comm;
            this.cluster = cluster;
        }

        Trial trial(int sizeIndex, int size) {
            return budget -> {
                int rounds = DsmBench.opsFor(budget, estimate.getOrDefault(size, 20e6), MIN_ROUNDS);
                double[][] r = cluster.call(DsmBench.callTimeout(budget), PingPongJob.OP_PINGPONG, sizeIndex, rounds);
                double round = r[0][0];
                estimate.put(size, round);
                reps.computeIfAbsent(size, k -> new ArrayList<>()).add(new DsmRep(r));
                return round;
            };
        }

        /** The last {@code n} repetitions at {@code size} (the measured ones). */
        List<DsmRep> measured(int size, int n) {
            List<DsmRep> all = reps.getOrDefault(size, List.of());
            return all.subList(Math.max(0, all.size() - n), all.size());
        }
    }

    private DsmPingPong() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 5 : 10), DsmPingPong::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        List<Integer> sizes = args.list("--sizes", DEFAULT_SIZES).stream().map(DsmBench::parseSize).distinct().toList();
        List<String> protocols = args.list("--protocols", List.of("lrc", "sc"));
        List<String> comms = args.list("--comms", List.of("netty"));
        List<String> rawNames = args.list("--raw", List.of("socket", "netty", "trans"));
        Plan plan = DsmBench.plan(args, MAX_ROUNDS, 200);
        Map<String, String> commOptions = DsmBench.commOptions(args);
        describe(report, plan, sizes, protocols, comms);

        List<String> jobArgs = new ArrayList<>();
        jobArgs.add(Boolean.toString(args.flag("--strict")));
        sizes.forEach(s -> jobArgs.add(Integer.toString(s)));
        List<DsmSeries> dsm = new ArrayList<>();
        Map<String, RawComm.Link> raw = new LinkedHashMap<>();
        Map<String, Sample> samples = new LinkedHashMap<>();
        TransLink trans = null;
        try (RawComm comm = new RawComm(DsmBench.CHILD_LIFETIME_SECONDS, commOptions)) {
            for (String r : rawNames) {
                if (r.equals("trans")) {
                    continue;
                }
                RawComm.Link link = comm.open(r, report);
                if (link != null) {
                    raw.put(link.name(), link);
                }
            }
            if (rawNames.contains("trans")) {
                trans = TransLink.open(commOptions);
            }
            Map<Integer, double[]> transPayloads = new LinkedHashMap<>();
            sizes.forEach(s -> transPayloads.put(s, new double[s / Double.BYTES]));
            try {
                for (String c : comms) {
                    for (String p : protocols) {
                        dsm.add(new DsmSeries("dsm-" + p + (c.equals("netty") ? "" : "-" + c), c, DsmCluster.start(
                                new DsmCluster.Spec(PingPongJob.class, 2, 1, p, c, jobArgs, commOptions,
                                        DsmBench.CHILD_LIFETIME_SECONDS))));
                    }
                }
                Map<Integer, byte[]> messages = new LinkedHashMap<>();
                sizes.forEach(s -> messages.put(s, RawComm.message(s)));
                warmUp(args, comm, raw, trans, transPayloads, dsm, sizes, messages);
                Sampler sampler = new Sampler(plan);
                for (int i = 0; i < sizes.size(); i++) {
                    int size = sizes.get(i);
                    List<String> names = new ArrayList<>();
                    List<Trial> trials = new ArrayList<>();
                    raw.values().forEach(l -> {
                        names.add(l.name());
                        trials.add(comm.burstRttTrial(l, messages.get(size)));
                    });
                    if (trans != null) {
                        names.add("trans");
                        trials.add(trans.rttTrial(transPayloads.get(size)));
                    }
                    for (DsmSeries d : dsm) {
                        names.add(d.name);
                        trials.add(d.trial(i, size));
                    }
                    List<Sample> result = sampler.measure(trials);
                    StringBuilder progress = new StringBuilder("  " + Units.bytes(size) + " one-way µs:");
                    for (int k = 0; k < names.size(); k++) {
                        samples.put(names.get(k) + "@" + size, result.get(k));
                        progress.append(' ').append(names.get(k)).append(' ')
                                .append(DsmBench.reps(result.get(k), 2000));
                    }
                    System.err.println(progress);
                }
            } finally {
                for (DsmSeries d : dsm) {
                    d.cluster.close();
                }
                if (trans != null) {
                    trans.close();
                }
            }
        }
        List<String> order = new ArrayList<>(raw.keySet());
        if (trans != null) {
            order.add("trans");
        }
        dsm.forEach(d -> order.add(d.name));
        print(report, sizes, order, samples, dsm, plan.reps());
        if (!args.flag("--no-breakdown")) {
            breakdown(args, report, sizes, samples);
        }
    }

    /** The in-process replay of the LRC data path (see {@link HandoverCost}), next to the measured one-way times. */
    private static void breakdown(BenchArgs args, Report report, List<Integer> sizes, Map<String, Sample> samples)
            throws Exception {
        Plan plan = args.quick() ? Plan.of(60, 200, 5, 1_000_000, 20) : Plan.of(100, 400, 7, 1_000_000, 40);
        Dataset steps = new Dataset("Thread CPU time of the LRC data-path steps, in-process replay (one thread, no I/O),"
                + " median", "size", "µs");
        Dataset compare = new Dataset("Per handover: replayed data-path CPU vs measured one-way times", "size", "µs");
        for (int size : sizes) {
            Map<String, Double> m = HandoverCost.measure(size, plan);
            double round = 0;
            for (Map.Entry<String, Double> e : m.entrySet()) {
                steps.add(e.getKey(), size, e.getValue() / 1000);
                round += e.getValue();
            }
            compare.add("data path per handover (round / 2)", size, round / 2 / 1000);
            for (String s : List.of("netty", "trans", "dsm-lrc")) {
                Sample sample = samples.get(s + "@" + size);
                if (sample != null) {
                    compare.add(s + " one-way (measured)", size, sample.median() / 2 / 1000);
                }
            }
        }
        TableFormatter values = new TableFormatter(Units::bytes, Units::number);
        report.println();
        report.println("Where a handover's CPU goes (LazyRelease per round: node 0 encodes the block in place; node 1"
                + " decode, install (the decoded block is the twin); node 1 diff + encode diff; node 0 decode + apply diff):");
        report.table(steps, values);
        report.println();
        report.table(compare, values);
        report.saveCsv("data-path", steps);
    }

    private static void describe(Report report, Plan plan, List<Integer> sizes, List<String> protocols,
                                 List<String> comms) {
        report.println("setup     : DSM: node 0 in this JVM, node 1 in a child JVM, comms " + comms + " over 127.0.0.1, 1"
                + " thread per node, protocols " + protocols + "; one double[] per size registered as ONE block (home"
                + " node 0)");
        report.println("            each node loops acquire(a) / check + write every element / release(a); a round ="
                + " two handovers;");
        report.println("            raw: CommPingPong's socket and NettyComm transports (echo in a child JVM), "
                + RawComm.BURSTS + "; trans: Trans"
                + " request/reply of the same double[] over NettyComm (Kryo, handled on the I/O thread)");
        DsmBench.describePlan(report, plan, "DSM: as many rounds as fit, value = median time between node 0's"
                + " successive acquires; raw: median RTT of up to 20000 round trips");
        report.println("            one-way time = round (RTT) / 2; bandwidth = size / one-way time (MB = 10^6 B)");
        report.println("sizes     : " + sizes.stream().map(Units::bytes).toList());
    }

    /** A short pass over every size and trial so that both ends of everything are compiled. */
    private static void warmUp(BenchArgs args, RawComm comm, Map<String, RawComm.Link> raw, TransLink trans,
                               Map<Integer, double[]> transPayloads, List<DsmSeries> dsm, List<Integer> sizes,
                               Map<Integer, byte[]> messages) throws Exception {
        long limit = (args.quick() ? 1500 : 4000) * 1_000_000L;
        Budget burst = new Budget(MAX_ROUNDS, 20_000_000L);
        long start = System.nanoTime();
        for (int round = 0; round < 50 && System.nanoTime() - start < limit; round++) {
            for (int i = 0; i < sizes.size(); i++) {
                for (RawComm.Link l : raw.values()) {
                    comm.rttTrial(l, messages.get(sizes.get(i))).run(burst);
                }
                if (trans != null) {
                    trans.rttTrial(transPayloads.get(sizes.get(i))).run(burst);
                }
                for (DsmSeries d : dsm) {
                    d.trial(i, sizes.get(i)).run(burst);
                }
            }
        }
    }

    private static void print(Report report, List<Integer> sizes, List<String> order, Map<String, Sample> samples,
                              List<DsmSeries> dsm, int reps) {
        Dataset oneWay = new Dataset("Ping-pong one-way time per handover, median", "size", "one-way (µs)");
        Dataset bandwidth = new Dataset("Ping-pong bandwidth (size / one-way time), median", "size", "MB/s");
        Dataset best = new Dataset("bandwidth of the fastest repetition", "size", "MB/s");
        Dataset spread = new Dataset("Rep-to-rep spread (IQR / median)", "size", "spread (%)");
        for (String s : order) {
            for (int size : sizes) {
                Sample sample = samples.get(s + "@" + size);
                double ow = sample.median() / 2;
                oneWay.add(s, size, ow / 1000);
                bandwidth.add(s, size, size / ow * 1000);
                best.add(s, size, size / (sample.min() / 2) * 1000);
                spread.add(s, size, sample.spread() * 100);
            }
        }
        TableFormatter values = new TableFormatter(Units::bytes, Units::number);
        TableFormatter ratios = new TableFormatter(Units::bytes, Units::ratio);
        SvgChart sizesChart = new SvgChart().logX(true).logY(true).xTicksAtData(true).xFormat(Units::bytes);
        report.println();
        report.table(oneWay, values);
        report.save("one-way", oneWay, sizesChart);
        report.println();
        report.table(bandwidth, values);
        report.save("bandwidth", bandwidth, sizesChart);
        report.println();
        report.table(spread, values);
        String base = order.contains("netty") ? "netty" : order.get(0);
        Dataset ratio = bandwidth.ratioTo(base);
        report.println();
        report.table(ratio, ratios);
        report.println("  (bandwidth ratio to raw " + base + ": higher is better)");
        report.save("ratio-to-" + base, ratio, new SvgChart().logX(true).xTicksAtData(true).xFormat(Units::bytes)
                .reference(TARGET, "target 0.80").reference(0.25, "paper 0.25").reference(0.50, "paper 0.50"));
        Dataset work = printDsmActivity(report, sizes, dsm, reps, values);
        targets(report, sizes, dsm, bandwidth, best, order, work);
    }

    /** Prints what the DSM series did per handover; returns their own work (µs per handover). */
    private static Dataset printDsmActivity(Report report, List<Integer> sizes, List<DsmSeries> dsm, int reps,
                                            TableFormatter values) {
        Dataset msgs = new Dataset("DSM messages per handover (both nodes, Trans.traffic)", "size", "messages");
        Dataset bytes = new Dataset("DSM bytes sent per handover / array size", "size", "ratio");
        Dataset work = new Dataset("DSM own work per handover (check + write of every element)", "size", "µs");
        Dataset retries = new Dataset("DSM re-acquires of own write (no alternation) per 1000 rounds", "size",
                "retries");
        Dataset activity = new Dataset("DSM protocol events per round (sum of both nodes)", "size", "per round");
        for (DsmSeries d : dsm) {
            for (int size : sizes) {
                double m = 0;
                double b = 0;
                double rounds = 0;
                double r = 0;
                double fetch = 0;
                double diff = 0;
                double remote = 0;
                List<Double> w = new ArrayList<>();
                for (DsmRep rep : d.measured(size, reps)) {
                    for (double[] n : rep.nodes()) {
                        m += n[3];
                        b += n[4];
                        r += n[2];
                        fetch += n[6];
                        diff += n[7];
                        remote += n[8];
                    }
                    rounds += rep.nodes()[0][1];
                    w.add((rep.nodes()[0][5] + rep.nodes()[1][5]) / 2);
                }
                double handovers = 2 * rounds;
                msgs.add(d.name, size, m / handovers);
                bytes.add(d.name, size, b / handovers / size);
                work.add(d.name, size, DsmBench.median(w) / 1000);
                retries.add(d.name, size, r / rounds * 1000);
                activity.add(d.name + " fetches", size, fetch / rounds);
                activity.add(d.name + " diffs", size, diff / rounds);
                activity.add(d.name + " remote acquires", size, remote / rounds);
            }
        }
        report.println();
        report.table(msgs, values);
        report.println();
        report.table(bytes, values);
        report.println();
        report.table(activity, values);
        report.println();
        report.table(work, values);
        report.println("  (included in the DSM one-way time above)");
        report.println();
        report.table(retries, values);
        report.saveCsv("dsm-activity", merge(msgs, bytes, work, retries, activity));
        return work;
    }

    private static Dataset merge(Dataset... sets) {
        Dataset all = new Dataset("DSM activity", "size", "value");
        for (Dataset d : sets) {
            for (Dataset.Row r : d.rows()) {
                all.add(d.title() + ": " + r.series(), r.x(), r.value());
            }
        }
        return all;
    }

    private static void targets(Report report, List<Integer> sizes, List<DsmSeries> dsm, Dataset bandwidth,
                                Dataset best, List<String> measured, Dataset work) {
        report.println();
        if (dsm.isEmpty()) {
            report.println("Targets: no DSM series measured");
            return;
        }
        String subject = dsm.get(0).name;
        // The DSM against the raw bandwidth of the Comm it runs over, never of another one.
        String base = dsm.get(0).comm;
        if (!measured.contains(base)) {
            report.println("Targets (DESIGN.md §8): " + subject + " runs over " + base + ", whose raw ping-pong was not"
                    + " measured (add it to --raw): no verdict");
            return;
        }
        report.println("Targets (DESIGN.md §8): " + subject + " / " + base + " bandwidth >= 0.80 from "
                + Units.bytes(TARGET_FROM) + " (JDSM paper: 0.25-0.50):");
        for (int size : sizes) {
            if (size < TARGET_FROM) {
                continue;
            }
            double r = DsmBench.at(bandwidth, subject, size) / DsmBench.at(bandwidth, base, size);
            double rb = DsmBench.at(best, subject, size) / DsmBench.at(best, base, size);
            // One-way µs = bytes / (bytes per µs); the subject's handover also holds its own check and write.
            double raw = size / DsmBench.at(bandwidth, base, size);
            double bound = raw / (raw + DsmBench.at(work, subject, size));
            DsmBench.verdict(report, subject + "/" + base + " bandwidth at " + Units.bytes(size), r, TARGET, false,
                    "%.2fx", "[fastest reps: " + Units.ratio(rb) + "; bound " + Units.ratio(bound) + "]");
        }
        report.println("  (verdicts use the medians; 'fastest reps' compares each side's best repetition; 'bound' is"
                + " what a protocol costing nothing on top of raw " + base + " would reach, since each handover also"
                + " holds the benchmark's own check and write of every element: " + base + " one-way / (" + base
                + " one-way + own work))");
    }
}
