package org.jdsm.bench.report;

import java.util.ArrayList;
import java.util.List;

/** A linear or logarithmic axis: domain, tick positions, and mapping of values to [0, 1]. */
final class Axis {

    private static final int MAX_TICKS = 12;

    private final boolean log;
    private final double lo;
    private final double hi;
    private final double[] ticks;

    private Axis(boolean log, double lo, double hi, double[] ticks) {
        this.log = log;
        this.lo = lo;
        this.hi = hi;
        this.ticks = ticks;
    }

    /**
     * An axis covering {@code values} (non-empty; all positive when {@code log}). With
     * {@code ticksAtValues} the ticks sit at the distinct values themselves (e.g. message sizes);
     * otherwise at round numbers.
     */
    static Axis covering(double[] values, boolean log, boolean ticksAtValues) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (min == max) { // a single value: open a window around it
            min = log ? min / 2 : min - Math.max(1, Math.abs(min) * 0.1);
            max = log ? max * 2 : max + Math.max(1, Math.abs(max) * 0.1);
        }
        if (ticksAtValues) {
            return padded(log, min, max, distinct(values));
        }
        return log ? logAxis(min, max) : linearAxis(min, max);
    }

    boolean log() {
        return log;
    }

    double[] ticks() {
        return ticks.clone();
    }

    /** Position of {@code v} in the domain, 0 at the low end and 1 at the high end. */
    double fraction(double v) {
        return log ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) : (v - lo) / (hi - lo);
    }

    private static Axis padded(boolean log, double min, double max, double[] ticks) {
        if (log) {
            double pad = Math.pow(max / min, 0.04);
            return new Axis(true, min / pad, max * pad, ticks);
        }
        double pad = (max - min) * 0.04;
        return new Axis(false, min - pad, max + pad, ticks);
    }

    /** Round-number ticks over the data plus 5% on each side, so no point or line sits on the frame. */
    private static Axis linearAxis(double dataMin, double dataMax) {
        double pad = (dataMax - dataMin) * 0.05;
        double min = dataMin - pad;
        double max = dataMax + pad;
        double step = niceNumber((max - min) / 6, true);
        double from = Math.floor(min / step) * step;
        double to = Math.ceil(max / step) * step;
        List<Double> t = new ArrayList<>();
        for (int i = 0; i <= 100 && from + i * step <= to + step * 1e-9; i++) {
            t.add(from + i * step);
        }
        return new Axis(false, from, to, unbox(t));
    }

    /** Decades if they give at least three ticks, else 1-2-5, else every integer mantissa. */
    private static Axis logAxis(double min, double max) {
        double[][] mantissas = {{1}, {1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
        double[] best = null;
        for (double[] m : mantissas) {
            double[] t = logTicks(min, max, m);
            if (t.length <= MAX_TICKS) {
                best = t;
            }
            if (t.length >= 3) {
                break;
            }
        }
        if (best == null || best.length == 0) {
            best = new double[] {min, max};
        }
        return padded(true, min, max, best);
    }

    private static double[] logTicks(double min, double max, double[] mantissas) {
        List<Double> t = new ArrayList<>();
        int first = (int) Math.floor(Math.log10(min));
        int last = (int) Math.ceil(Math.log10(max));
        for (int e = first; e <= last && e - first < 40; e++) {
            for (double m : mantissas) {
                double v = m * Math.pow(10, e);
                if (v >= min * 0.999 && v <= max * 1.001) {
                    t.add(v);
                }
            }
        }
        return unbox(t);
    }

    /** Heckbert's nice numbers: 1, 2, 5 or 10 times a power of ten. */
    private static double niceNumber(double range, boolean round) {
        double exp = Math.floor(Math.log10(range));
        double f = range / Math.pow(10, exp);
        double nice;
        if (round) {
            nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
        } else {
            nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        }
        return nice * Math.pow(10, exp);
    }

    private static double[] distinct(double[] values) {
        return java.util.Arrays.stream(values).distinct().sorted().toArray();
    }

    private static double[] unbox(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
