package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * The end of every reduction program here: thread {@code t} of {@code threads} adds {@code t + 1}
 * to each total {@code rounds} times, so in one JVM each total comes out exactly
 * {@code rounds * threads * (threads + 1) / 2}.
 */
public final class Totals {

    private Totals() {
    }

    /** What each total must be after {@code rounds} rounds of every one of {@code threads} threads. */
    public static double expected(int rounds, int threads) {
        return rounds * threads * (threads + 1) / 2.0;
    }

    /** "ok" if every element of {@code totals} is {@code expect}, else the ones that are not. */
    public static String check(double[] totals, double expect) {
        List<String> failed = new ArrayList<>();
        for (int k = 0; k < totals.length; k++) {
            if (totals[k] != expect) {
                failed.add("totals[" + k + "]=" + totals[k] + " not " + expect);
            }
        }
        return failed.isEmpty() ? "ok" : failed.toString();
    }
}
