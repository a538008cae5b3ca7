package org.jdsm.bench.harness;

import java.util.Arrays;

/** The values of the repetitions of one trial; benchmarks report the {@link #median}. */
public record Sample(double[] values) {

    public Sample {
        if (values.length == 0) {
            throw new IllegalArgumentException("no repetitions");
        }
        values = values.clone();
    }

    public double median() {
        return Stats.median(values);
    }

    public double min() {
        return Arrays.stream(values).min().orElseThrow();
    }

    /** Interquartile range relative to the median: a noise indicator (0.05 = 5%). */
    public double spread() {
        double[] s = values.clone();
        Arrays.sort(s);
        return (Stats.quantileSorted(s, 0.75) - Stats.quantileSorted(s, 0.25)) / Stats.median(s);
    }
}
