package org.jdsm.bench.harness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;

/**
 * One thing to measure. {@link #run} performs one repetition within the budget and returns that
 * repetition's value (e.g. median nanoseconds per round trip, or mean nanoseconds per operation).
 */
@FunctionalInterface
public interface Trial {

    double run(Budget budget) throws Exception;

    /**
     * A trial: as many runs of {@code op} as fit in the budget; value = this thread's CPU time per
     * run (ns), which, unlike wall time, does not grow when other processes preempt us.
     */
    static Trial threadCpu(Runnable op) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        return perRun(op, mx::getCurrentThreadCpuTime);
    }

    /**
     * A trial: as many runs of {@code op} as fit in the budget; value = wall time per run (ns),
     * which counts what happens off this thread on its behalf (e.g. garbage collection).
     */
    static Trial wallTime(Runnable op) {
        return perRun(op, System::nanoTime);
    }

    private static Trial perRun(Runnable op, LongSupplier clock) {
        return budget -> {
            int done = 0;
            long start = System.nanoTime();
            long clock0 = clock.getAsLong();
            long now = start;
            while (budget.more(done, start, now)) {
                op.run();
                done++;
                now = System.nanoTime();
            }
            return (clock.getAsLong() - clock0) / (double) done;
        };
    }
}
