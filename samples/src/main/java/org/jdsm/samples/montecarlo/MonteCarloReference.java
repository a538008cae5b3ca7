package org.jdsm.samples.montecarlo;

import org.jdsm.samples.support.Validation;

/**
 * How a MonteCarlo result is judged. JGF's published expected returns come from its historical
 * data file, which this sample replaces (see {@link MonteCarloModel}), so: the mean expected return
 * must equal a one-thread run's within JGF's tolerance 1e-12 (it is in fact the same to the bit,
 * the runs being added in order), and it must lie within five standard errors of the rate the
 * paths were simulated with (the history's estimate): the simulation reproduces its own input.
 */
final class MonteCarloReference {

    static final String NAME = "MonteCarlo";
    static final double TOLERANCE = 1e-12;
    static final double STANDARD_ERRORS = 5.0;

    private MonteCarloReference() {
    }

    /** Every run on one thread: the mean expected return the parallel runs must reproduce. */
    static double sequentialMean(MonteCarloSize size) {
        MonteCarloModel model = new MonteCarloModel();
        double[] expectedReturns = new double[size.runs()];
        return MonteCarloModel.mean(MonteCarloKernel.runs(model, size.steps(), 0, size.runs(), expectedReturns));
    }

    /** Checks the runs' expected returns; prints PASS or throws. */
    static void validate(MonteCarloSize size, MonteCarloModel model, double[] expectedReturns, String summary) {
        double mean = MonteCarloModel.mean(expectedReturns);
        double squares = 0.0;
        for (double r : expectedReturns) {
            squares += (r - mean) * (r - mean);
        }
        double standardError = Math.sqrt(squares / (expectedReturns.length - 1) / expectedReturns.length);
        double input = model.history.expectedReturnRate();
        Validation.of(NAME)
                .near("expected return", mean, sequentialMean(size), TOLERANCE)
                .near("expected return vs the simulated rate", mean, input, STANDARD_ERRORS * standardError)
                .finish(mean, size + ", " + summary);
    }
}
