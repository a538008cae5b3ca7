package org.jdsm.samples.lufact;

import java.util.Map;
import org.jdsm.samples.support.Validation;

/**
 * JGF LUFact's validation: the normalized residual {@code max|A x - b| / (n |A| |x| eps)} of the
 * solution must stay below JGF's bound (6.0 for size A, 12.0 for B, 20.0 for C; 6.0 otherwise).
 * The checksum is the summed error of the solution, {@code sum(x_i - 1)}, the same bits for every
 * thread count.
 */
final class LuFactReference {

    static final String NAME = "LUFact";

    private static final Map<Integer, Double> BOUND = Map.of(500, 6.0, 1000, 12.0, 2000, 20.0);

    private LuFactReference() {
    }

    /** Checks the solution {@code x} of the size's system, prints PASS or throws; returns the checksum. */
    static double validate(LuFactSize size, double[] x, String summary) {
        int n = size.n();
        double[] a = Linpack.matrix(n);
        double[] r = Linpack.rowSums(a, n);
        for (int i = 0; i < n; i++) {
            r[i] = -r[i];
        }
        for (int j = 0; j < n; j++) { // JGF's dmxpy: r += A x, column by column
            Linpack.daxpy(a, j * n, r, 0, n, x[j]);
        }
        double resid = 0.0;
        double normx = 0.0;
        double checksum = 0.0;
        for (int i = 0; i < n; i++) {
            resid = Math.max(resid, Math.abs(r[i]));
            normx = Math.max(normx, Math.abs(x[i]));
            checksum += x[i] - 1; // matgen's solution is all ones
        }
        double residn = resid / (n * Linpack.norm(a) * normx * epsilon());
        Validation.of(NAME)
                .below("normalized residual", residn, BOUND.getOrDefault(n, 6.0))
                .finish(checksum, size + ", sum of x_i - 1 " + checksum + ", " + summary);
        return checksum;
    }

    /** Linpack's {@code epslon(1.0)}: the machine epsilon found by arithmetic. */
    private static double epsilon() {
        double a = 4.0 / 3.0;
        double eps = 0.0;
        while (eps == 0.0) {
            double b = a - 1.0;
            double c = b + b + b;
            eps = Math.abs(c - 1.0);
        }
        return eps;
    }
}
