package org.jdsm.bench.comm;

import java.time.Duration;
import java.util.List;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.Units;

/**
 * Ping-pong between two JVMs on 127.0.0.1 for message sizes from 1 B to 4 MiB, side by side for
 * a plain blocking socket (the baseline), NettyComm, and LocalComm (two nodes in this JVM, the
 * in-process floor). Reports median one-way latency (RTT/2), bandwidth (size over one-way time)
 * and the ratios that DESIGN.md §8 sets targets for. Run with {@code bench/run.sh CommPingPong}.
 */
public final class CommPingPong {

    static final String NAME = "CommPingPong";
    private static final String SUMMARY = "Ping-pong latency and bandwidth: plain socket vs NettyComm (two JVMs)"
            + " vs LocalComm (one JVM).";

    private CommPingPong() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, PingPongSettings.OPTIONS, args,
                a -> Duration.ofSeconds(PingPongSettings.from(a).hardLimitSeconds()), CommPingPong::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        PingPongSettings settings = PingPongSettings.from(args);
        describe(report, settings);
        try (Transports transports = new Transports(settings.hardLimitSeconds(), settings.commOptions())) {
            for (String name : settings.transports()) {
                transports.open(name, report);
            }
            if (transports.list().isEmpty()) {
                report.println("nothing to measure");
                return;
            }
            List<PingPongRunner.Measurement> results = new PingPongRunner(settings).run(transports.list());
            new PingPongReport(results).print(report);
        }
    }

    /** Prints the method lines every ping-pong benchmark starts with. */
    public static void describe(Report report, PingPongSettings s) {
        report.println("method    : callback-driven ping-pong; each repetition = median RTT of up to "
                + s.plan().rep().maxOps() + " round trips within " + s.plan().rep().maxNanos() / 1_000_000 + " ms;");
        report.println("            " + s.plan().reps() + " repetitions per size, transports interleaved; reported"
                + " value = median over repetitions;");
        report.println("            warm-up " + s.globalWarmupMillis() + " ms over all sizes, then "
                + Sampler.describeWarmUp(s.plan()) + " per size and transport");
        report.println("sizes     : " + s.sizes().stream().map(Units::bytes).toList() + "; MB = 10^6 bytes");
    }
}
