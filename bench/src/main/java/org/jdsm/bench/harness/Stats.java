package org.jdsm.bench.harness;

import java.util.Arrays;

/** Order statistics. */
public final class Stats {

    private Stats() {
    }

    public static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return quantileSorted(s, 0.5);
    }

    /** Median of the first {@code n} entries of {@code values} (sorted in place). */
    public static double median(long[] values, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("no values");
        }
        Arrays.sort(values, 0, n);
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    }

    /** Linear-interpolated quantile {@code q} in [0, 1] of a sorted, non-empty array. */
    public static double quantileSorted(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
