package org.jdsm.bench.serial;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jdsm.bench.harness.BenchArgs;
import org.jdsm.bench.harness.BenchMain;
import org.jdsm.bench.harness.Blackhole;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.Plan;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Report;
import org.jdsm.bench.report.Units;

/**
 * Encode+decode round trip of a {@code double[]} of 25k to 250k elements: JDSM's WireFormat
 * (Kryo with bulk array copies) vs plain Kryo vs JDK object streams. Reports median round-trip
 * time and the ratios to JDSM; J-InterWeave reported 8x over JDK serialization, JDSM aims higher.
 * Run with {@code bench/run.sh SerializationBench}.
 */
public final class SerializationBench {

    static final String NAME = "SerializationBench";
    private static final String SUMMARY = "double[] encode+decode: JDSM WireFormat vs plain Kryo vs JDK serialization.";
    private static final List<BenchArgs.Option> OPTIONS = List.of(
            new BenchArgs.Option("--elements", "LIST", "array lengths (default 25000,50000,100000,250000)"),
            new BenchArgs.Option("--reps", "N", "measured repetitions per length and codec (default 15, quick 7)"));

    private SerializationBench() {
    }

    public static void main(String[] args) throws Exception {
        BenchMain.run(NAME, SUMMARY, OPTIONS, args, a -> Duration.ofMinutes(a.quick() ? 3 : 10),
                SerializationBench::run);
    }

    private static void run(BenchArgs args, Report report) throws Exception {
        boolean quick = args.quick();
        int reps = Integer.parseInt(args.value("--reps", quick ? "7" : "15"));
        Plan plan = quick ? Plan.of(300, 800, reps, 100_000, 50) : Plan.of(1000, 2500, reps, 100_000, 150);
        List<Integer> lengths = args.list("--elements", List.of("25000", "50000", "100000", "250000"))
                .stream().map(Integer::parseInt).distinct().toList();
        report.println("method    : one op = encode into the codec's reused buffer + decode from it into a new double[] (random values); repetition value ="
                + " mean time per op over up to "
                + plan.rep().maxNanos() / 1_000_000 + " ms;");
        report.println("            " + reps + " repetitions, codecs interleaved, median reported; "
                + Sampler.describeWarmUp(plan) + " per codec and length");
        List<Codec> codecs = List.of(new WireCodec(), new KryoCodec(), new JdkCodec());
        SerializationReport results = new SerializationReport();
        Sampler sampler = new Sampler(plan);
        for (int n : lengths) {
            double[] data = new Random(42L + n).doubles(n).toArray();
            List<Trial> trials = new ArrayList<>();
            for (Codec c : codecs) {
                results.encodedSize(c.name(), n, verify(c, data));
                trials.add(budget -> roundTrips(c, data, budget));
            }
            List<Sample> samples = sampler.measure(trials);
            for (int i = 0; i < codecs.size(); i++) {
                results.roundTrip(codecs.get(i).name(), n, samples.get(i).median());
            }
            System.err.println("  " + Units.count(n) + " elements done");
        }
        results.print(report);
    }

    /** Checks that {@code c} round-trips {@code data} exactly; returns the encoded size. */
    private static int verify(Codec c, double[] data) throws Exception {
        if (!Arrays.equals(c.roundTrip(data), data)) {
            throw new IllegalStateException(c.name() + " does not round-trip a double[" + data.length + "]");
        }
        return c.encodedSize(data);
    }

    /** One repetition: round trips until the budget ends; returns mean nanoseconds per round trip. */
    private static double roundTrips(Codec c, double[] data, Budget budget) throws Exception {
        int n = 0;
        long start = System.nanoTime();
        long now = start;
        while (budget.more(n, start, now)) {
            Blackhole.consume(c.roundTrip(data));
            n++;
            now = System.nanoTime();
        }
        return (double) (now - start) / n;
    }
}
