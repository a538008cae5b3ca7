package org.jdsm.samples.lu;

import org.jdsm.samples.support.Validation;

/**
 * SPLASH-2 LU's {@code CheckResult}: solves {@code L U y = rhs} with the factored matrix; every
 * component must be within 1e-5 of 1. The checksum is the sum of the factored matrix, which is
 * the same bits for every thread and node count.
 */
final class LuReference {

    static final String NAME = "LU";
    private static final double TOLERANCE = 1e-5;

    private LuReference() {
    }

    /** Checks the factored matrix {@code m}, prints PASS or throws; returns the checksum. */
    static double validate(double[] m, LuSize size, LuLayout layout, String summary) {
        int n = size.n();
        double[] y = LuMatrix.rowSums(size);
        for (int j = 0; j < n; j++) {
            y[j] /= m[layout.index(j, j)];
            for (int i = j + 1; i < n; i++) {
                y[i] -= m[layout.index(i, j)] * y[j];
            }
        }
        for (int j = n - 1; j >= 0; j--) {
            for (int i = 0; i < j; i++) {
                y[i] -= m[layout.index(i, j)] * y[j];
            }
        }
        double worst = 0;
        int at = 0;
        for (int i = 0; i < n; i++) {
            double dev = Math.abs(y[i] - 1);
            if (!(dev <= worst)) {
                worst = dev;
                at = i;
                if (Double.isNaN(dev)) {
                    break; // keep the NaN: it must fail the check
                }
            }
        }
        double checksum = checksum(m, size, layout);
        Validation.of(NAME)
                .below("max |x[i] - 1| (at i=" + at + ")", worst, TOLERANCE)
                .finish(checksum, size + ", every component within 1e-5 of 1, factor checksum " + checksum + ", " + summary);
        return checksum;
    }

    private static double checksum(double[] m, LuSize size, LuLayout layout) {
        double sum = 0;
        for (int j = 0; j < size.n(); j++) {
            for (int i = 0; i < size.n(); i++) {
                sum += m[layout.index(i, j)];
            }
        }
        return sum;
    }
}
