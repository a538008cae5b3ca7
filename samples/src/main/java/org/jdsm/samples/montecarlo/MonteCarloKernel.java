package org.jdsm.samples.montecarlo;

/** Runs a range of MonteCarlo runs on the calling thread. */
final class MonteCarloKernel {

    private MonteCarloKernel() {
    }

    /** Stores run {@code i}'s expected return in {@code out[i]} for {@code i} in {@code [from, to)}; returns {@code out}. */
    static double[] runs(MonteCarloModel model, int steps, int from, int to, double[] out) {
        MonteCarloModel.Runner runner = model.new Runner(steps);
        for (int i = from; i < to; i++) {
            out[i] = runner.expectedReturn(i);
        }
        return out;
    }
}
