package org.jdsm.bench.harness;

/**
 * One thing to measure. {@link #run} performs one repetition within the budget and returns that
 * repetition's value (e.g. median nanoseconds per round trip, or mean nanoseconds per operation).
 */
@FunctionalInterface
public interface Trial {

    double run(Budget budget) throws Exception;
}
