package org.jdsm.bench.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs trials side by side: warms each up until it is steady, then takes the repetitions
 * round-robin (rotating the start each round) so drift on a busy machine hits all trials alike
 * and their ratios stay fair.
 */
public final class Sampler {

    /** Warm-up ends when the last WINDOW repetitions are no faster than the WINDOW before them... */
    private static final int WINDOW = 3;
    /** ...by more than this fraction. */
    private static final double STEADY = 0.03;

    private final Plan plan;

    public Sampler(Plan plan) {
        this.plan = plan;
    }

    /**
     * Warms up {@code trial}: at least the plan's minimum time, then until the median of the last
     * three repetitions is within 3% of the three before (lower values = faster), at most the
     * plan's maximum time. Returns the number of warm-up repetitions.
     */
    public int warmUp(Trial trial) throws Exception {
        long start = System.nanoTime();
        List<Double> values = new ArrayList<>();
        while (values.size() < plan.warmupMaxReps()) {
            long elapsed = System.nanoTime() - start;
            if (elapsed >= plan.warmupMaxNanos() || elapsed >= plan.warmupMinNanos() && steady(values)) {
                break;
            }
            values.add(trial.run(plan.rep()));
        }
        return values.size();
    }

    /** "warm-up until steady (min..max ms)" for a benchmark's method line. */
    public static String describeWarmUp(Plan plan) {
        return "warm-up until steady (last " + WINDOW + " reps within " + Math.round(STEADY * 100) + "% of the "
                + WINDOW + " before; " + plan.warmupMinNanos() / 1_000_000 + ".." + plan.warmupMaxNanos() / 1_000_000
                + " ms)";
    }

    private static boolean steady(List<Double> values) {
        int n = values.size();
        if (n < 2 * WINDOW) {
            return false;
        }
        double recent = median(values.subList(n - WINDOW, n));
        double before = median(values.subList(n - 2 * WINDOW, n - WINDOW));
        return recent >= before * (1 - STEADY);
    }

    private static double median(List<Double> values) {
        return Stats.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Warms up every trial, then measures them interleaved; one {@link Sample} per trial, in order. */
    public List<Sample> measure(List<Trial> trials) throws Exception {
        for (Trial t : trials) {
            warmUp(t);
        }
        int n = trials.size();
        double[][] values = new double[n][plan.reps()];
        for (int rep = 0; rep < plan.reps(); rep++) {
            for (int k = 0; k < n; k++) {
                int t = (rep + k) % n;
                values[t][rep] = trials.get(t).run(plan.rep());
            }
        }
        return Arrays.stream(values).map(Sample::new).toList();
    }
}
