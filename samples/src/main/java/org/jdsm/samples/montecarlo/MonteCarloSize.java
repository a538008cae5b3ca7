package org.jdsm.samples.montecarlo;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A MonteCarlo problem: {@code runs} simulated price paths of {@code steps} days each (JGF size A: 10,000 x 1,000; B: 60,000 runs). */
record MonteCarloSize(int runs, int steps) {

    static final String USAGE = "MonteCarlo [RUNS] [STEPS]";

    static MonteCarloSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        MonteCarloSize size = new MonteCarloSize(a.positive(0, 10_000), a.positive(1, 1_000));
        a.require(size.runs >= 2, "RUNS must be at least 2 (the check needs the spread of the runs)");
        a.require(size.steps >= 2, "STEPS must be at least 2 (a path needs two returns for a variance)");
        return size;
    }

    @Override
    public String toString() {
        return runs + " runs x " + steps + " steps";
    }
}
