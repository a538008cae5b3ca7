package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Lock striping as a newcomer writes it: an array of plain lock objects in a static field
 * ({@code synchronized (LOCKS[b % 4]) { hist[b]++; }}) and in a field of the job, each element
 * guarding some counters of a shared array. Every thread adds to every counter, so the totals come
 * out right only if each element is one lock for the whole job. Each thread checks the totals.
 */
public class StripedLocksPlain extends Spmd {

    private static final int STRIPES = 4;
    private static final int ROUNDS = 50;
    static final Object[] LOCKS = new Object[STRIPES];

    static {
        for (int s = 0; s < STRIPES; s++) {
            LOCKS[s] = new Object();
        }
    }

    final Object[] locks = new Object[STRIPES];
    long[] hist;
    long[] other;

    @Override
    public void init() {
        for (int s = 0; s < STRIPES; s++) {
            locks[s] = new Object();
        }
        hist = pool.register(new long[2 * STRIPES], 1);
        other = pool.register(new long[2 * STRIPES], 1);
    }

    @Override
    public void start() {
        for (int r = 0; r < ROUNDS; r++) {
            for (int b = 0; b < hist.length; b++) {
                synchronized (LOCKS[b % STRIPES]) {
                    hist[b]++;
                }
                synchronized (locks[b % STRIPES]) {
                    other[b] += 2;
                }
            }
        }
        barrier();
        long sum = 0;
        for (int b = 0; b < hist.length; b++) {
            sum += hist[b] + other[b];
        }
        long expected = 3L * hist.length * ROUNDS * threads();
        Results.put(getClass().getSimpleName() + myThread(), sum == expected ? "ok" : "sum " + sum + ", want " + expected);
    }
}
