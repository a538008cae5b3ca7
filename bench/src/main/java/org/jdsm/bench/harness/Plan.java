package org.jdsm.bench.harness;

/**
 * How a {@link Sampler} measures: warm each trial up for at least {@code warmupMinNanos} and
 * until its repetitions stop getting faster, but never longer than {@code warmupMaxNanos} (nor more
 * than {@code warmupMaxReps} repetitions); then take {@code reps} repetitions of each, every one
 * within {@code rep}.
 */
public record Plan(long warmupMinNanos, long warmupMaxNanos, int warmupMaxReps, int reps, Budget rep) {

    public Plan {
        if (reps < 1 || warmupMaxReps < 0 || warmupMaxNanos < warmupMinNanos) {
            throw new IllegalArgumentException("bad plan: reps " + reps + ", warm-up " + warmupMinNanos + ".."
                    + warmupMaxNanos + " ns");
        }
    }

    /** Convenience: milliseconds for the warm-up bounds and for each repetition. */
    public static Plan of(long warmupMinMillis, long warmupMaxMillis, int reps, int maxOpsPerRep, long repMillis) {
        return new Plan(warmupMinMillis * 1_000_000L, warmupMaxMillis * 1_000_000L, 1000, reps,
                new Budget(maxOpsPerRep, repMillis * 1_000_000L));
    }
}
