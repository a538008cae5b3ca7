package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Every thread fills its own block; after the last barrier, {@code fin()} of every node sums the
 * whole array with plain reads and records the sum ("FinReadsPlain" + node).
 */
public class FinReadsPlain extends Spmd {

    private static final int BLOCK = 100;

    double[] values;

    @Override
    public void init() {
        values = pool.register(new double[BLOCK * threads()], BLOCK);
    }

    @Override
    public void start() {
        for (int i = myThread() * BLOCK; i < (myThread() + 1) * BLOCK; i++) {
            values[i] = 1;
        }
        barrier();
    }

    @Override
    public void fin() {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        Results.put("FinReadsPlain" + myNode(), sum);
    }
}
