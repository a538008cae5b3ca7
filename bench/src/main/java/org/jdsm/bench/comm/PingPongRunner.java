package org.jdsm.bench.comm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.Budget;
import org.jdsm.bench.harness.Sample;
import org.jdsm.bench.harness.Sampler;
import org.jdsm.bench.harness.Stats;
import org.jdsm.bench.harness.Trial;
import org.jdsm.bench.report.Units;

/**
 * Drives the ping-pong: a global warm-up over every size (so the JIT has compiled both ends'
 * paths), then per size the transports side by side through a {@link Sampler}. A repetition's value
 * is the median round-trip time of its round trips.
 */
public final class PingPongRunner {

    /** The repetitions of one transport at one size, in round-trip nanoseconds. */
    public record Measurement(String transport, int size, Sample rttNanos) {
    }

    private final PingPongSettings settings;

    public PingPongRunner(PingPongSettings settings) {
        this.settings = settings;
    }

    /** Measures every transport at every size; one Measurement per transport and size. */
    public List<Measurement> run(List<Transport> transports) throws Exception {
        Map<Integer, byte[]> messages = new LinkedHashMap<>();
        settings.sizes().forEach(size -> messages.put(size, message(size)));
        List<long[]> rtts = new ArrayList<>();
        for (Transport t : transports) {
            rtts.add(new long[PingPongSettings.MAX_ROUND_TRIPS_PER_REP]);
            warmUp(t, messages.values(), rtts.get(rtts.size() - 1));
        }
        Sampler sampler = new Sampler(settings.plan());
        List<Measurement> out = new ArrayList<>();
        for (int size : settings.sizes()) {
            byte[] message = messages.get(size);
            List<Trial> trials = new ArrayList<>();
            for (int i = 0; i < transports.size(); i++) {
                trials.add(trial(transports.get(i), message, rtts.get(i)));
            }
            List<Sample> samples = sampler.measure(trials);
            StringBuilder progress = new StringBuilder("  " + Units.bytes(size) + ":");
            for (int i = 0; i < transports.size(); i++) {
                out.add(new Measurement(transports.get(i).name(), size, samples.get(i)));
                progress.append(' ').append(transports.get(i).name()).append(' ')
                        .append(Units.number(samples.get(i).median() / 2000)).append(" µs ")
                        .append(repetitions(samples.get(i)));
            }
            System.err.println(progress);
        }
        return out;
    }

    private void warmUp(Transport t, Collection<byte[]> messages, long[] rtts) throws Exception {
        long start = System.nanoTime();
        long limit = settings.globalWarmupMillis() * 1_000_000L;
        Budget burst = settings.warmupBurst();
        for (int round = 0; round < 100 && System.nanoTime() - start < limit; round++) {
            for (byte[] message : messages) {
                t.pingPong(message, burst, rtts);
            }
        }
    }

    /** The one-way µs of each repetition, e.g. "[5.1 5.3 9.8]". */
    private static String repetitions(Sample s) {
        StringBuilder sb = new StringBuilder("[");
        for (double v : s.values()) {
            sb.append(sb.length() > 1 ? " " : "").append(Units.number(v / 2000));
        }
        return sb.append(']').toString();
    }

    private static Trial trial(Transport t, byte[] message, long[] rtts) {
        return budget -> Stats.median(rtts, t.pingPong(message, budget, rtts));
    }

    private static byte[] message(int size) {
        byte[] m = new byte[size];
        for (int i = 0; i < size; i++) {
            m[i] = (byte) (i * 31 + 7);
        }
        return m;
    }
}
