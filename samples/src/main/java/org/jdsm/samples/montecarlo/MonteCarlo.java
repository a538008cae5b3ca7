package org.jdsm.samples.montecarlo;

import org.jdsm.Spmd;
import org.jdsm.samples.support.Split;

/**
 * Java Grande MonteCarlo (section 3) on JDSM: a financial simulation of {@code RUNS} price paths
 * (geometric Brownian motion with parameters estimated from a price history; see
 * {@link MonteCarloModel} for the generated history that replaces JGF's data file). Runs are
 * dealt in JGF's contiguous slices; each run's expected return goes to a shared {@code double[]}
 * with one block per thread's slice, homed on its node. Node 0 averages them in run order and
 * checks the mean against a one-thread run.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.montecarlo.MonteCarlo [RUNS] [STEPS]}
 * (default: JGF size A, 10,000 runs of 1,000 steps; size B is 60,000 runs).
 */
public class MonteCarlo extends Spmd {

    private MonteCarloSize size;
    private MonteCarloModel model;
    private double[] expectedReturns;

    @Override
    public void init() {
        size = MonteCarloSize.parse(args());
        model = new MonteCarloModel();
        expectedReturns = pool.register(new double[size.runs()], Split.chunk(threads(), size.runs()));
    }

    @Override
    public void start() {
        int from = Split.chunkStart(myThread(), threads(), size.runs());
        int to = Split.chunkEnd(myThread(), threads(), size.runs());
        barrier();
        long began = System.nanoTime();
        if (from < to) {
            pool.acquire(expectedReturns, from, to);
            MonteCarloKernel.runs(model, size.steps(), from, to, expectedReturns);
            pool.release(expectedReturns, from, to);
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(expectedReturns);
            MonteCarloReference.validate(size, model, expectedReturns,
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }
}
