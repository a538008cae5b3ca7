package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Counters with a {@code synchronized} method as elements of a shared array, every thread bumping
 * every counter ({@code counters[b].add()}): the monitor is each element's own, which the
 * instrumentation cannot make job-wide, and must say so. Records the total.
 */
public class ElementMonitorPlain extends Spmd {

    /** An element with a synchronized method. */
    public static class Counter {
        long n;

        synchronized void add() {
            n++;
        }
    }

    Counter[] counters;

    @Override
    public void init() {
        Counter[] c = new Counter[4];
        for (int k = 0; k < c.length; k++) {
            c[k] = new Counter();
        }
        counters = pool.register(c, 1);
    }

    @Override
    public void start() {
        for (int r = 0; r < 10; r++) {
            for (int b = 0; b < counters.length; b++) {
                counters[b].add(); // line 37: named in the warning
            }
        }
        barrier();
        long sum = 0;
        for (Counter c : counters) {
            sum += c.n;
        }
        Results.put(getClass().getSimpleName() + myThread(), sum);
    }
}
