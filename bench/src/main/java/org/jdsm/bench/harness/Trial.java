package org.jdsm.bench.harness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

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
        return budget -> {
            int done = 0;
            long start = System.nanoTime();
            long cpu0 = mx.getCurrentThreadCpuTime();
            long now = start;
            while (budget.more(done, start, now)) {
                op.run();
                done++;
                now = System.nanoTime();
            }
            return (mx.getCurrentThreadCpuTime() - cpu0) / (double) done;
        };
    }
}
