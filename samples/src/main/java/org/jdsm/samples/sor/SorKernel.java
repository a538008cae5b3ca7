package org.jdsm.samples.sor;

import java.util.Random;

/**
 * The Java Grande SOR kernel (section 2, multithreaded version): red-black successive
 * over-relaxation of an {@code n x n} grid held row-major in one {@code double[]}.
 *
 * <p>JGF's threads sweep phase {@code p} over the cells with {@code (i + j) % 2 == p % 2}, even
 * first. A cell's update reads only cells of the other colour, so within a phase the order does
 * not matter and every partition gives the same bits as JGF's; this kernel sweeps whole rows of
 * one colour, with JGF's operand order {@code (up + down + left + right)}.
 */
final class SorKernel {

    static final double OMEGA = 1.25;
    static final long SEED = 10_101_010L;

    private SorKernel() {
    }

    /** JGF's {@code RandomMatrix}: row by row, {@code nextDouble() * 1e-6} from {@code Random(10101010)}. */
    static double[] randomGrid(int n) {
        Random r = new Random(SEED);
        double[] g = new double[n * n];
        for (int k = 0; k < g.length; k++) {
            g[k] = r.nextDouble() * 1e-6;
        }
        return g;
    }

    /** Relaxes the interior cells of colour {@code colour} in rows {@code [from, to)}. */
    static void relax(double[] g, int n, int from, int to, int colour) {
        double omegaOverFour = OMEGA * 0.25;
        double oneMinusOmega = 1.0 - OMEGA;
        for (int i = Math.max(1, from); i < Math.min(n - 1, to); i++) {
            int row = i * n;
            int first = ((i + 1) & 1) == colour ? 1 : 2;
            for (int k = row + first; k < row + n - 1; k += 2) {
                g[k] = omegaOverFour * (g[k - n] + g[k + n] + g[k - 1] + g[k + 1]) + oneMinusOmega * g[k];
            }
        }
    }

    /** JGF's {@code Gtotal}: the sum of the interior cells (the fixed border is left out), row by row. */
    static double total(double[] g, int n) {
        double sum = 0.0;
        for (int i = 1; i < n - 1; i++) {
            for (int k = i * n + 1; k < i * n + n - 1; k++) {
                sum += g[k];
            }
        }
        return sum;
    }
}
