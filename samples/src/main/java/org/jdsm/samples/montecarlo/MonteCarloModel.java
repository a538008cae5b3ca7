package org.jdsm.samples.montecarlo;

/**
 * JGF MonteCarlo's financial model. JGF estimates volatility and expected return from a file of
 * historical prices ({@code hitData}) that is not available here; instead the history is generated:
 * {@value #HISTORY_DAYS} daily prices from 100 following a geometric Brownian motion with annual
 * drift {@value #HISTORY_DRIFT} and volatility {@value #HISTORY_VOLATILITY}, Gaussians from
 * {@code Random(}{@value #HISTORY_SEED}{@code )}. Every node generates the same history. The
 * simulation is then JGF's: run {@code i} simulates {@code steps} days from the history's last
 * price with the estimated parameters and {@code Random(11 * i)}, and estimates its own expected
 * return; the result is the mean over the runs, taken in run order so that it does not depend on
 * who ran what.
 */
final class MonteCarloModel {

    static final int HISTORY_DAYS = 1000;
    static final double HISTORY_DRIFT = 0.10;
    static final double HISTORY_VOLATILITY = 0.20;
    static final long HISTORY_SEED = 1_999_0101L;

    /** The parameters estimated from the history. */
    final Returns history;
    /** Where every simulated path starts: the history's last price. */
    final double start;

    MonteCarloModel() {
        double[] prices = new double[HISTORY_DAYS];
        new Returns(HISTORY_VOLATILITY, HISTORY_DRIFT).simulate(100.0, HISTORY_SEED, prices, HISTORY_DAYS);
        this.history = Returns.estimate(prices, HISTORY_DAYS);
        this.start = prices[HISTORY_DAYS - 1];
    }

    /** JGF's seed of run {@code run}. */
    static long seed(int run) {
        return 11L * run;
    }

    /** One thread's runs: a reusable path buffer. */
    final class Runner {
        private final double[] path;

        Runner(int steps) {
            path = new double[steps];
        }

        /** The expected rate of return estimated from run {@code run}'s simulated path. */
        double expectedReturn(int run) {
            history.simulate(start, seed(run), path, path.length);
            return Returns.estimate(path, path.length).expectedReturnRate();
        }
    }

    /** The mean of the runs' expected returns, added in run order. */
    static double mean(double[] expectedReturns) {
        double sum = 0.0;
        for (double r : expectedReturns) {
            sum += r;
        }
        return sum / expectedReturns.length;
    }
}
