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
 * Lock cost (DESIGN.md §8): three node JVMs; an uncontended remote {@code lock()} with the token at
 * the lock's manager (expected: 1 request + 1 grant = 1 round trip) and at a third node (request,
 * forward, grant = 1.5 round trips), measured in time against the raw NettyComm round trip of the
 * same run (in short bursts, as the lock runs; see {@link RawComm#burstRttTrial}) and in messages
 * from {@code Trans.traffic()}; and a cached re-acquire (expected: no message), in ns. A Trans-level
 * round trip is measured alongside to split the cost between the Comm, Trans and the protocol, back
 * to back and from idle (the thread pauses before each request, as R does not send a lock request
 * right after the previous one). Run with {@code bench/run.sh LockCost}.
 */
public final class LockCost {

    static final String NAME = "LockCost";
    private static final String SUMMARY = "Uncontended remote lock acquire (token at manager / at a third node) in"
            + " round trips and messages, and the cached re-acquire; three node JVMs.";
    private static final int RAW_SIZE = 64;
    private static final int INNER = 1000;
    private static final long COUNT_PAUSE_MICROS = 500;
    private static final double TARGET_RTT = 1.5;
    /** Pause before each round trip of the "from idle" Trans baseline. */
    private static final long PACE_MICROS = 1000;
    private static final String[] SCENARIOS = {"barrier only", "token at manager", "token at third node",
        "cached re-acquire"};
    private static final double[] EXPECTED_MSGS = {0, 2, 3, 0};
    private static final int[] MEASURED = {LockJob.AT_MANAGER, LockJob.AT_THIRD, LockJob.CACHED};

    static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--protocol", "NAME", "DSM protocol (default lrc; needs LazyRelease.manager)"),
            new BenchArgs.Option("--settle", "MICROS", "pause of R between the barrier and its timed lock() (default 0)"),
            DsmBench.REPS, DsmBench.COMM_OPT);

    private LockCost() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 4 : 8), LockCost::run);
    }

    private static int requester(double[][] r) {
        return (int) r[0][6];
    }

    private static long[] command(int scenario, int iterations, long settle, long countPause) {
        return new long[] {LockJob.OP_LOCK, scenario, iterations, scenario == LockJob.CACHED ? INNER : 1, settle,
            countPause};
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        String protocol = args.value("--protocol", "lrc");
        long settle = Long.parseLong(args.value("--settle", "0"));
        Plan plan = DsmBench.plan(args, 100_000, 200);
        int countIterations = args.quick() ? 15 : 40;
        Map<String, String> commOptions = DsmBench.commOptions(args);
        report.println("setup     : 3 DSM nodes (node 0 in this JVM, nodes 1-2 in child JVMs), NettyComm over 127.0.0.1,"
                + " 1 thread each, protocol " + protocol + ", one named lock");
        report.println("            per iteration: place the token (manager M / third node T / requester R lock+unlock),"
                + " barrier, R: lock() [timed" + (settle > 0 ? " after a " + settle + " µs pause" : "") + "], unlock(),"
                + " barrier");
        report.println("            cached re-acquire: R holds the token; " + INNER + " lock()+unlock() pairs timed"
                + " together");
        report.println("            baselines: CommPingPong's raw NettyComm ping-pong (" + RAW_SIZE + " B) "
                + RawComm.BURSTS + " (the verdicts' RTT) and kept up, and a Trans"
                + " request/reply round trip (long[4] payload) between two JVMs, back to back and one at a time after a "
                + PACE_MICROS + " µs pause");
        report.println("            messages: a separate counting pass of " + countIterations + " iterations per scenario:"
                + " barrier, wait until this node's Trans workers are parked idle (a worker may have sent");
        report.println("            without counting yet), snapshot, barrier, R: lock()+unlock(), barrier, wait idle,"
                + " snapshot; Trans.traffic() sends of all nodes per window minus the 'barrier only' windows");
        DsmBench.describePlan(report, plan, "as many iterations as fit, value = median of R's lock() times;"
                + " baselines: median RTT");
        Sample rawRtt;
        Sample sustainedRtt;
        Sample transRtt;
        Sample idleRtt;
        List<Sample> lockSamples;
        Map<Integer, double[][]> counts = new LinkedHashMap<>();
        try (RawComm comm = new RawComm(DsmBench.CHILD_LIFETIME_SECONDS, commOptions);
             TransLink trans = TransLink.open(commOptions);
             DsmCluster cluster = DsmCluster.start(new DsmCluster.Spec(LockJob.class, 3, 1, protocol, "netty",
                     List.of(), commOptions, DsmBench.CHILD_LIFETIME_SECONDS))) {
            RawComm.Link netty = comm.open("netty", report);
            if (netty == null) {
                throw new IllegalStateException("NettyComm is not on the class path: nothing to compare with");
            }
            List<Trial> trials = new ArrayList<>();
            trials.add(comm.burstRttTrial(netty, RawComm.message(RAW_SIZE)));
            trials.add(comm.rttTrial(netty, RawComm.message(RAW_SIZE)));
            trials.add(trans.rttTrial(new long[4]));
            trials.add(trans.pacedRttTrial(new long[4], PACE_MICROS * 1000));
            for (int s : MEASURED) {
                double[] estimate = {3e6};
                trials.add(budget -> {
                    int iterations = DsmBench.opsFor(budget, estimate[0], 3);
                    long t0 = System.nanoTime();
                    double[][] r = cluster.call(DsmBench.callTimeout(budget), command(s, iterations, settle, 0));
                    estimate[0] = (System.nanoTime() - t0) / (double) iterations;
                    return r[requester(r)][0];
                });
            }
            Budget burst = new Budget(100_000, 20_000_000L);
            long warm = (args.quick() ? 1000 : 3000) * 1_000_000L;
            long start = System.nanoTime();
            while (System.nanoTime() - start < warm) {
                for (Trial t : trials) {
                    t.run(burst);
                }
            }
            List<Sample> all = new Sampler(plan).measure(trials);
            rawRtt = all.get(0);
            sustainedRtt = all.get(1);
            transRtt = all.get(2);
            idleRtt = all.get(3);
            lockSamples = all.subList(4, all.size());
            Duration timeout = Duration.ofMinutes(2);
            for (int s : new int[] {LockJob.EMPTY, LockJob.AT_MANAGER, LockJob.AT_THIRD, LockJob.CACHED}) {
                counts.put(s, cluster.call(timeout, command(s, countIterations, 0, COUNT_PAUSE_MICROS)));
            }
        }
        System.err.println("  netty RTT µs " + DsmBench.reps(rawRtt, 1000) + "; sustained "
                + DsmBench.reps(sustainedRtt, 1000) + "; trans RTT µs "
                + DsmBench.reps(transRtt, 1000) + "; trans RTT from idle µs " + DsmBench.reps(idleRtt, 1000)
                + "; lock µs: manager " + DsmBench.reps(lockSamples.get(0), 1000)
                + " third " + DsmBench.reps(lockSamples.get(1), 1000) + " cached pair "
                + DsmBench.reps(lockSamples.get(2), 1000));
        print(report, new Baselines(rawRtt, sustainedRtt, transRtt, idleRtt), lockSamples, counts);
    }

    /** Sends of all nodes per window, averaged over the iterations. */
    private static double sentPerWindow(double[][] r) {
        double m = 0;
        for (double[] node : r) {
            m += node[2];
        }
        return m / r[0][1];
    }

    /** "n0 a..b, n1 c..d, ..." : fewest and most sends of each node in one window. */
    private static String perNodeRange(double[][] r) {
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < r.length; n++) {
            sb.append(n == 0 ? "" : ", ").append("node ").append(n).append(' ').append((long) r[n][9]).append("..")
                    .append((long) r[n][10]);
        }
        double busy = 0;
        for (double[] node : r) {
            busy += node[11];
        }
        return sb.append("; busy-worker checks ").append((long) busy).toString();
    }

    /** The round trips a lock() is measured against: raw NettyComm in bursts (the verdicts') and kept up, Trans back to back and from idle. */
    private record Baselines(Sample rawRtt, Sample sustainedRtt, Sample transRtt, Sample idleRtt) {
    }

    private static void print(Report report, Baselines b, List<Sample> lock, Map<Integer, double[][]> counts) {
        Sample rawRtt = b.rawRtt();
        Sample transRtt = b.transRtt();
        Sample idleRtt = b.idleRtt();
        double[][] any = counts.get(LockJob.EMPTY);
        double barrierMsgs = sentPerWindow(any);
        double rtt = rawRtt.median();
        report.println();
        report.println("roles     : manager M = node " + (int) any[0][5] + ", requester R = node " + (int) any[0][6]
                + ", third node T = node " + (int) any[0][7] + " (LazyRelease.manager of the lock)");
        report.println("counting  : sends per window (all nodes) and each node's fewest..most sends in one window:");
        for (Map.Entry<Integer, double[][]> e : counts.entrySet()) {
            report.println(String.format("            %-20s %6s  (%s)", SCENARIOS[e.getKey()],
                    Units.number(sentPerWindow(e.getValue())), perNodeRange(e.getValue())));
        }
        Dataset time = new Dataset("Uncontended remote lock() on the requester, median", "scenario", "µs");
        Dataset rt = new Dataset("lock() in raw NettyComm round trips (" + RAW_SIZE + " B, same run)", "scenario",
                "round trips");
        Dataset msgs = new Dataset("Messages per lock() (all nodes, Trans.traffic sends, barrier subtracted)",
                "scenario", "messages");
        for (int i = 0; i < 2; i++) {
            int s = MEASURED[i];
            double t = lock.get(i).median();
            double m = sentPerWindow(counts.get(s)) - barrierMsgs;
            time.add("dsm lock()", s, t / 1000);
            time.add("trans RTT", s, transRtt.median() / 1000);
            time.add("netty RTT", s, rtt / 1000);
            time.add("netty RTT kept up", s, b.sustainedRtt().median() / 1000);
            time.add("trans RTT from idle", s, idleRtt.median() / 1000);
            rt.add("by time", s, t / rtt);
            rt.add("by messages (msgs / 2)", s, m / 2);
            rt.add("trans RTT / netty RTT", s, transRtt.median() / rtt);
            rt.add("by time, fastest reps", s, lock.get(i).min() / rawRtt.min());
            rt.add("by time, in trans RTTs from idle", s, t / idleRtt.median());
            msgs.add("measured", s, m);
            msgs.add("expected", s, EXPECTED_MSGS[s]);
            msgs.add("R remote acquires", s, counts.get(s)[(int) any[0][6]][3] / counts.get(s)[0][1]);
        }
        double[][] cached = counts.get(LockJob.CACHED);
        msgs.add("measured", LockJob.CACHED, (sentPerWindow(cached) - barrierMsgs) / INNER);
        msgs.add("expected", LockJob.CACHED, 0);
        msgs.add("R remote acquires", LockJob.CACHED, cached[(int) any[0][6]][3] / cached[0][1] / INNER);
        TableFormatter f = new TableFormatter(x -> SCENARIOS[(int) x], Units::number);
        report.println();
        report.table(time, f);
        report.save("lock-time", time, new SvgChart().xTicksAtData(true).xFormat(x -> SCENARIOS[(int) x]));
        report.println();
        report.table(rt, f);
        report.save("lock-round-trips", rt, new SvgChart().xTicksAtData(true).xFormat(x -> SCENARIOS[(int) x])
                .reference(TARGET_RTT, "target 1.5 round trips").reference(1.0, "1 round trip"));
        report.println();
        report.table(msgs, f);
        report.println("  (cached: per lock()+unlock() pair)");
        report.saveCsv("lock-messages", msgs);
        Sample pair = lock.get(2);
        report.println();
        report.println("Cached re-acquire (R holds the token): lock()+unlock() pair = " + Units.number(pair.median())
                + " ns median (spread " + Units.number(pair.spread() * 100) + "%), reps ns " + DsmBench.reps(pair, 1));
        report.println("Baselines: raw NettyComm RTT (" + RAW_SIZE + " B, in bursts) " + Units.number(rtt / 1000)
                + " µs (spread " + Units.number(rawRtt.spread() * 100) + "%); kept up without pauses "
                + Units.number(b.sustainedRtt().median() / 1000) + " µs; Trans request/reply RTT " + Units.number(transRtt.median()
                / 1000) + " µs (spread " + Units.number(transRtt.spread() * 100) + "%); the same from idle "
                + Units.number(idleRtt.median() / 1000) + " µs (spread " + Units.number(idleRtt.spread() * 100) + "%)");
        report.println("  (" + RawComm.BURSTS + "; on this VM a"
                + " ping-pong kept up for seconds settles into round trips about three times slower than short ones,"
                + " and a lock() runs in short spells between barriers, so the verdicts' RTT is the bursts' one)");
        report.println("  (from idle: one request after a " + PACE_MICROS + " µs pause of the requesting thread, so that"
                + " both sides start asleep, as around a lock() between barriers; back to back, the threads of the"
                + " previous round trip are still awake)");
        report.println();
        report.println("Targets (DESIGN.md §8):");
        DsmBench.verdict(report, "remote lock(), token at manager, in RTTs", lock.get(0).median() / rtt, TARGET_RTT,
                true, "%.2f", "[fastest reps: " + Units.number(lock.get(0).min() / rawRtt.min()) + "]");
        DsmBench.verdict(report, "remote lock(), token at third node, in RTTs", lock.get(1).median() / rtt,
                TARGET_RTT, true, "%.2f", "[fastest reps: " + Units.number(lock.get(1).min() / rawRtt.min()) + "]");
        DsmBench.verdict(report, "messages, token at manager", DsmBench.at(msgs, "measured", LockJob.AT_MANAGER),
                EXPECTED_MSGS[LockJob.AT_MANAGER], true, "%.2f", "(1 request + 1 grant = 1 round trip)");
        DsmBench.verdict(report, "messages, token at third node", DsmBench.at(msgs, "measured", LockJob.AT_THIRD),
                EXPECTED_MSGS[LockJob.AT_THIRD], true, "%.2f", "(request, forward, grant = 1.5 round trips)");
        DsmBench.verdict(report, "messages per cached re-acquire", DsmBench.at(msgs, "measured", LockJob.CACHED),
                0, true, "%.4f", "");
    }
}
