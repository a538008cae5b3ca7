package org.jdsm.bench.instrument.jobs;

/**
 * Red-black SOR (Java Grande section 2) on an {@code n x n} grid held row-major in one
 * {@code double[]}, shared by all variants (so the plain and explicit jobs run the same code; the
 * instrumented job runs its rewritten copy).
 */
final class SorKernel {

    private static final double OMEGA = 1.25;

    private SorKernel() {
    }

    /** One colour over rows {@code [from, to)} (interior rows only). */
    static void relax(double[] g, int n, int from, int to, int colour) {
        double omegaOverFour = OMEGA * 0.25;
        double oneMinusOmega = 1.0 - OMEGA;
        for (int i = Math.max(1, from); i < Math.min(n - 1, to); i++) {
            int row = i * n;
            for (int k = row + 1 + ((i + 1 + colour) & 1); k < row + n - 1; k += 2) {
                g[k] = omegaOverFour * (g[k - n] + g[k + n] + g[k - 1] + g[k + 1]) + oneMinusOmega * g[k];
            }
        }
    }

    static double[] grid(int n) {
        double[] g = new double[n * n];
        long x = 0x9E3779B97F4A7C15L;
        for (int k = 0; k < g.length; k++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            g[k] = (x >>> 11) * 0x1.0p-53;
        }
        return g;
    }

    static double sum(double[] g) {
        double s = 0;
        for (double v : g) {
            s += v;
        }
        return s;
    }

    static int first(int thread, int threads, int n) {
        return (int) ((long) thread * n / threads);
    }
}
