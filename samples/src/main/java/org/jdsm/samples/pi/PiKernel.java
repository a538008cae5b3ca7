package org.jdsm.samples.pi;

import org.jdsm.samples.support.Split;

/**
 * JESSICA's pi integration: {@code pi = integral of 4 / (1 + x^2) over [0, 1]} by the midpoint
 * rule, cut into chunks that threads take from a work queue. Each chunk's sum is kept apart and
 * the chunks are added in order at the end, so the result does not depend on who took which.
 */
final class PiKernel {

    private PiKernel() {
    }

    /** The midpoint-rule contribution of chunk {@code c}. */
    static double chunk(PiSize size, int c) {
        int n = size.intervals();
        double h = 1.0 / n;
        double sum = 0.0;
        for (int i = Split.start(c, size.chunks(), n); i < Split.end(c, size.chunks(), n); i++) {
            double x = h * (i + 0.5);
            sum += 4.0 / (1.0 + x * x);
        }
        return sum * h;
    }

    /** Pi from all chunk contributions, added in chunk order. */
    static double total(double[] chunkSums) {
        double pi = 0.0;
        for (double s : chunkSums) {
            pi += s;
        }
        return pi;
    }
}
