package org.jdsm.samples.montecarlo;

import java.util.Random;

/**
 * The statistics JGF's MonteCarlo estimates from a daily price series: the compounded (log)
 * returns' mean and variance, and from them the annual volatility and expected rate of return of
 * a geometric Brownian motion, {@code mu = mean / dt + volatility^2 / 2}.
 *
 * @param volatility         annual volatility
 * @param expectedReturnRate annual expected rate of return
 */
record Returns(double volatility, double expectedReturnRate) {

    /** One trading day in years, JGF's time step. */
    static final double DT = 1.0 / 365.0;

    /** Estimates from the prices {@code p[0, n)}: returns {@code ln(p[i] / p[i-1])}. */
    static Returns estimate(double[] p, int n) {
        int count = n - 1;
        double sum = 0.0;
        for (int i = 1; i < n; i++) {
            sum += Math.log(p[i] / p[i - 1]);
        }
        double mean = sum / count;
        double squares = 0.0;
        for (int i = 1; i < n; i++) {
            double d = Math.log(p[i] / p[i - 1]) - mean;
            squares += d * d;
        }
        double variance2 = squares / count / DT;
        return new Returns(Math.sqrt(variance2), mean / DT + 0.5 * variance2);
    }

    /**
     * Fills {@code p[0, n)} with a path of this motion from {@code start}, its daily log returns
     * {@code (mu - volatility^2 / 2) dt + volatility sqrt(dt) g} with {@code g} the Gaussians of
     * {@code Random(seed)}.
     */
    void simulate(double start, long seed, double[] p, int n) {
        Random random = new Random(seed);
        double drift = (expectedReturnRate - 0.5 * volatility * volatility) * DT;
        double spread = volatility * Math.sqrt(DT);
        p[0] = start;
        for (int i = 1; i < n; i++) {
            p[i] = p[i - 1] * Math.exp(drift + spread * random.nextGaussian());
        }
    }
}
