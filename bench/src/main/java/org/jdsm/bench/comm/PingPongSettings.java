package org.jdsm.bench.comm;

import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.Plan;

/**
 * What a {@link CommPingPong} run measures and how long: transports, sizes, warm-up and
 * repetitions. The full run takes about 1.5-2 min for three transports, {@code --quick} about 30 s.
 */
public record PingPongSettings(List<String> transports, List<Integer> sizes, long globalWarmupMillis, Plan plan,
                        Map<String, String> commOptions) {

    static final List<String> DEFAULT_TRANSPORTS = List.of("socket", "netty", "local");
    static final List<String> DEFAULT_SIZES = List.of("1", "64", "1k", "16k", "64k", "256k", "1m", "4m");
    static final int MAX_ROUND_TRIPS_PER_REP = 20_000;

    public static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--transports", "LIST", "comma list of socket, netty, local (default all three)"),
            new BenchArgs.Option("--sizes", "LIST", "message sizes, e.g. 1,64,1k,1m (default 1 B .. 4 MiB)"),
            new BenchArgs.Option("--reps", "N", "measured repetitions per size and transport (default 11, quick 5)"),
            new BenchArgs.Option("--comm-opt", "K=V,...", "extra CommConfig options for both nodes, e.g. netty.transport=nio"));

    static PingPongSettings from(BenchArgs args) {
        return from(args, DEFAULT_TRANSPORTS);
    }

    /** The settings from {@code args} (options as in {@link #OPTIONS}), with {@code defaultTransports} if none are given. */
    public static PingPongSettings from(BenchArgs args, List<String> defaultTransports) {
        boolean quick = args.quick();
        int reps = Integer.parseInt(args.value("--reps", quick ? "5" : "11"));
        Plan plan = quick ? Plan.of(150, 800, reps, MAX_ROUND_TRIPS_PER_REP, 80)
                          : Plan.of(400, 2000, reps, MAX_ROUND_TRIPS_PER_REP, 200);
        List<Integer> sizes = args.list("--sizes", DEFAULT_SIZES).stream().map(PingPongSettings::parseSize)
                .distinct().toList();
        return new PingPongSettings(args.list("--transports", defaultTransports), sizes, quick ? 1000 : 3000, plan,
                CommSetup.parseOptions(args.list("--comm-opt", List.of())));
    }

    /** Budget of one warm-up burst at one size during the global warm-up. */
    Budget warmupBurst() {
        return new Budget(MAX_ROUND_TRIPS_PER_REP, 20_000_000L);
    }

    /** A hard limit for the whole run, far above its expected length. */
    public long hardLimitSeconds() {
        long perCell = (plan.warmupMaxNanos() + plan.reps() * plan.rep().maxNanos()) / 1_000_000_000L + 2;
        return 60 + transports.size() * (globalWarmupMillis / 1000 + 5 + sizes.size() * perCell) * 3;
    }

    /** Parses 1, 64, 1k, 16K, 1m, 4MiB (binary multiples). */
    static int parseSize(String text) {
        String t = text.trim().toLowerCase().replace("ib", "").replace("b", "");
        long mult = 1;
        if (t.endsWith("k")) {
            mult = 1024;
        } else if (t.endsWith("m")) {
            mult = 1024 * 1024;
        }
        if (mult > 1) {
            t = t.substring(0, t.length() - 1);
        }
        long v = Long.parseLong(t.trim()) * mult;
        if (v < 1 || v > (256 << 20)) {
            throw new IllegalArgumentException("size out of range 1 B .. 256 MiB: " + text);
        }
        return (int) v;
    }
}
