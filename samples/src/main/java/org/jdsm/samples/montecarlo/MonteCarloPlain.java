package org.jdsm.samples.montecarlo;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.Split;

/** The same MonteCarlo on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class MonteCarloPlain {

    private MonteCarloPlain() {
    }

    /** Runs MonteCarlo with {@code args} as for {@link MonteCarlo} on {@code threads} threads, validates, returns the mean expected return. */
    public static double run(int threads, List<String> args) {
        MonteCarloSize size = MonteCarloSize.parse(args);
        MonteCarloModel model = new MonteCarloModel();
        double[] expectedReturns = new double[size.runs()];
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> MonteCarloKernel.runs(model, size.steps(),
                Split.chunkStart(id, threads, size.runs()), Split.chunkEnd(id, threads, size.runs()), expectedReturns));
        long millis = (System.nanoTime() - began) / 1_000_000;
        MonteCarloReference.validate(size, model, expectedReturns,
                "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return MonteCarloModel.mean(expectedReturns);
    }
}
