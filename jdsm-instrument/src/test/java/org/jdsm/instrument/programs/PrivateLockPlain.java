package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A shared total updated under the lock of a node's own helper object, which excludes only that
 * node's threads: the instrumentation cannot make it job-wide and must say so. Records the total.
 */
public class PrivateLockPlain extends Spmd {

    double[] sum;
    final NodeHelper helper = new NodeHelper();

    @Override
    public void init() {
        sum = pool.register(new double[1], 1);
    }

    @Override
    public void start() {
        for (int r = 0; r < 20; r++) {
            synchronized (helper.lock) {
                sum[0] += 1; // line 24: named in the warning
            }
        }
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), sum[0]);
    }
}
