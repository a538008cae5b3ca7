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
 * Barrier latency (DESIGN.md §8): {@code barrier()} back to back on 2, 4 and 8 node JVMs x 1 thread,
 * median µs per barrier, and the messages each node sends per barrier (from {@code Trans.traffic()})
 * against ceil(log2 N) rounds; compared with the raw NettyComm one-way latency measured interleaved
 * in the same run (the floor of one message round). Run with {@code bench/run.sh BarrierLatency}.
 */
public final class BarrierLatency {

    static final String NAME = "BarrierLatency";
    private static final String SUMMARY = "barrier() latency on 2, 4, 8 node JVMs x 1 thread, message rounds per"
            + " barrier, vs the raw NettyComm one-way latency.";
    private static final int RAW_SIZE = 64;

    static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--nodes", "LIST", "node counts (default 2,4,8)"),
            new BenchArgs.Option("--protocols", "LIST", "DSM protocols (default lrc)"),
            DsmBench.REPS, DsmBench.COMM_OPT);

    private record Row(String protocol, int nodes, Sample barrier, Sample rawBarrier, Sample raw,
                       double msgsPerNodeMin, double msgsPerNodeMax, double bytesPerMessage) {
    }

    private BarrierLatency() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 5 : 10), BarrierLatency::run);
    }

    static int rounds(int nodes) {
        return 32 - Integer.numberOfLeadingZeros(nodes - 1);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        List<Integer> counts = DsmBench.ints(args, "--nodes", List.of("2", "4", "8"));
        List<String> protocols = args.list("--protocols", List.of("lrc"));
        Plan plan = DsmBench.plan(args, 200_000, 200);
        Map<String, String> commOptions = DsmBench.commOptions(args);
        report.println("setup     : N DSM nodes (node 0 in this JVM, the others in child JVMs), NettyComm over 127.0.0.1,"
                + " 1 thread each; protocols " + protocols + "; node counts " + counts);
        report.println("            barrier(): back to back; value = median time between node 0's successive barrier"
                + " exits; messages = Trans.traffic() sends per node per barrier");
        report.println("            raw: CommPingPong's NettyComm ping-pong (" + RAW_SIZE + " B) " + RawComm.BURSTS
                + ", one-way = RTT / 2; and"
                + " 'raw barrier': the same dissemination algorithm over plain NettyComm");
        report.println("            on the same number of JVMs (no Trans, no Kryo, no write notices): the floor of this"
                + " machine; all measured interleaved with each DSM job (one node count at a time)");
        DsmBench.describePlan(report, plan, "as many barriers as fit / up to 20000 raw round trips");
        List<Row> rows = new ArrayList<>();
        try (RawComm comm = new RawComm(DsmBench.CHILD_LIFETIME_SECONDS, commOptions)) {
            RawComm.Link netty = comm.open("netty", report);
            if (netty == null) {
                throw new IllegalStateException("NettyComm is not on the class path: nothing to compare with");
            }
            Trial raw = comm.burstRttTrial(netty, RawComm.message(RAW_SIZE));
            for (String protocol : protocols) {
                for (int n : counts) {
                    rows.add(measure(args, plan, comm, raw, protocol, n, commOptions));
                }
            }
        }
        print(report, rows);
    }

    private static Row measure(BenchArgs args, Plan plan, RawComm comm, Trial raw, String protocol, int n,
                               Map<String, String> commOptions) throws Exception {
        List<double[][]> results = new ArrayList<>();
        double[] estimate = {1e6};
        try (DsmCluster cluster = DsmCluster.start(new DsmCluster.Spec(BarrierJob.class, n, 1, protocol, "netty",
                List.of(), commOptions, DsmBench.CHILD_LIFETIME_SECONDS));
             RawBarrier rawBarrier = new RawBarrier(n, commOptions)) {
            Trial rawBarrierTrial = rawBarrier.trial();
            Trial barrier = budget -> {
                int count = DsmBench.opsFor(budget, estimate[0], 5);
                double[][] r = cluster.call(DsmBench.callTimeout(budget), BarrierJob.OP_BARRIER, count);
                estimate[0] = r[0][0];
                results.add(r);
                return r[0][0];
            };
            Budget burst = new Budget(200_000, 20_000_000L);
            long warm = (args.quick() ? 1000 : 2500) * 1_000_000L;
            long start = System.nanoTime();
            while (System.nanoTime() - start < warm) {
                barrier.run(burst);
                rawBarrierTrial.run(burst);
                raw.run(burst);
            }
            List<Sample> s = new Sampler(plan).measure(List.of(barrier, rawBarrierTrial, raw));
            double min = Double.MAX_VALUE;
            double max = 0;
            double msgs = 0;
            double bytes = 0;
            for (double[][] r : results.subList(results.size() - plan.reps(), results.size())) {
                for (double[] node : r) {
                    double perBarrier = node[2] / node[1];
                    min = Math.min(min, perBarrier);
                    max = Math.max(max, perBarrier);
                    msgs += node[2];
                    bytes += node[3];
                    if (node[4] != node[1]) {
                        throw new IllegalStateException("DsmStats counted " + node[4] + " barriers for " + node[1]);
                    }
                }
            }
            System.err.println("  " + protocol + " " + n + " nodes: barrier µs " + DsmBench.reps(s.get(0), 1000)
                    + ", raw barrier µs " + DsmBench.reps(s.get(1), 1000) + ", netty one-way µs "
                    + DsmBench.reps(s.get(2), 2000));
            return new Row(protocol, n, s.get(0), s.get(1), s.get(2), min, max, bytes / msgs);
        }
    }

    private static void print(Report report, List<Row> rows) {
        Dataset latency = new Dataset("barrier() latency, median", "nodes", "µs");
        Dataset ratio = new Dataset("barrier() latency in raw NettyComm one-way latencies", "nodes", "one-way latencies");
        Dataset msgs = new Dataset("Messages sent per node per barrier (Trans.traffic) vs ceil(log2 N)", "nodes",
                "messages");
        for (Row r : rows) {
            String s = r.protocol();
            double oneWay = r.raw().median() / 2;
            latency.add("dsm " + s, r.nodes(), r.barrier().median() / 1000);
            latency.add("raw barrier (" + s + " run)", r.nodes(), r.rawBarrier().median() / 1000);
            latency.add("netty one-way (" + s + " run)", r.nodes(), oneWay / 1000);
            latency.add("ceil(log2 N) x netty one-way (" + s + " run)", r.nodes(), rounds(r.nodes()) * oneWay / 1000);
            ratio.add(s + " barrier / one-way", r.nodes(), r.barrier().median() / oneWay);
            ratio.add(s + " barrier / raw barrier", r.nodes(), r.barrier().median() / r.rawBarrier().median());
            ratio.add("raw barrier / (ceil(log2 N) x one-way)", r.nodes(),
                    r.rawBarrier().median() / (rounds(r.nodes()) * oneWay));
            ratio.add(s + " barrier / (ceil(log2 N) x one-way)", r.nodes(),
                    r.barrier().median() / (rounds(r.nodes()) * oneWay));
            msgs.add(s + " min over nodes", r.nodes(), r.msgsPerNodeMin());
            msgs.add(s + " max over nodes", r.nodes(), r.msgsPerNodeMax());
            msgs.add("ceil(log2 N)", r.nodes(), rounds(r.nodes()));
        }
        TableFormatter f = new TableFormatter(Units::compact, Units::number);
        report.println();
        report.table(latency, f);
        report.save("barrier-latency", latency, new SvgChart().logX(true).logY(true).xTicksAtData(true));
        report.println();
        report.table(ratio, f);
        report.save("barrier-vs-one-way", ratio, new SvgChart().logX(true).xTicksAtData(true).reference(1, "1"));
        report.println();
        report.table(msgs, f);
        report.saveCsv("barrier-messages", msgs);
        report.println();
        Map<String, Double> spread = new LinkedHashMap<>();
        for (Row r : rows) {
            spread.put(r.protocol() + " " + r.nodes() + " nodes", r.barrier().spread() * 100);
        }
        report.println("spread (IQR/median, %): " + spread.entrySet().stream()
                .map(e -> e.getKey() + " " + Units.number(e.getValue())).toList()
                + "; bytes per barrier message: " + rows.stream().map(r -> Units.number(r.bytesPerMessage())).toList());
        report.println();
        report.println("Targets (DESIGN.md §8): barrier in ceil(log2 N) message rounds (each node sends one message per"
                + " round):");
        for (Row r : rows) {
            DsmBench.verdict(report, r.protocol() + ", " + r.nodes() + " nodes: max messages per node per barrier",
                    r.msgsPerNodeMax(), rounds(r.nodes()), true, "%.2f", "");
        }
    }
}
