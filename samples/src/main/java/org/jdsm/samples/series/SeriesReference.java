package org.jdsm.samples.series;

import org.jdsm.samples.support.Validation;

/**
 * JGF Series' validation: the first four coefficient pairs against the {@code ref} table of
 * JGF's {@code JGFSeriesBench.JGFvalidate}, each within 1e-12. They do not depend on the size.
 * The checksum is the sum of all coefficients, a's then b's.
 */
final class SeriesReference {

    static final String NAME = "Series";

    /** {@code {a_i, b_i}} for i = 0..3, as published with JGF. */
    private static final double[][] PUBLISHED = {
        {2.8729524964837996, 0.0},
        {1.1161046676147888, -1.8819691893398025},
        {0.34429060398168704, -1.1645642623320958},
        {0.15238898702519288, -0.8143461113044298},
    };

    private static final double TOLERANCE = 1e-12;

    private SeriesReference() {
    }

    /** Checks the coefficients, prints PASS or throws; returns the checksum. */
    static double validate(double[] a, double[] b, String summary) {
        double worst = 0;
        StringBuilder off = new StringBuilder();
        int pairs = Math.min(PUBLISHED.length, a.length);
        for (int i = 0; i < pairs; i++) {
            double[] got = {a[i], b[i]};
            for (int k = 0; k < 2; k++) {
                double dev = Math.abs(got[k] - PUBLISHED[i][k]);
                worst = Math.max(worst, dev);
                if (!(dev <= TOLERANCE)) {
                    off.append(k == 0 ? " a[" : " b[").append(i).append("] = ").append(got[k])
                            .append(" (expected ").append(PUBLISHED[i][k]).append(')');
                }
            }
        }
        double checksum = 0;
        for (double x : a) {
            checksum += x;
        }
        for (double x : b) {
            checksum += x;
        }
        Validation.of(NAME)
                .check(off.length() == 0, "pairs 0-" + (pairs - 1) + " within " + TOLERANCE
                        + " of JGF's published values (largest deviation " + worst + ")",
                        "published pairs off by more than " + TOLERANCE + ":" + off)
                .finish(checksum, a.length + " coefficients, checksum " + checksum + ", " + summary);
        return checksum;
    }
}
