package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Threads on different nodes write interleaved elements of the same blocks in one interval (false
 * sharing); after each barrier every thread reads the elements its left neighbour wrote.
 */
public class FalseSharingPlain extends Spmd {

    long[] cells;

    @Override
    public void init() {
        cells = pool.register(new long[Integer.parseInt(args().get(0))], Integer.parseInt(args().get(1)));
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        long sum = 0;
        for (int phase = 1; phase <= 3; phase++) {
            for (int i = me; i < cells.length; i += t) {
                cells[i] = cells[i] + phase * 100L + i;
            }
            barrier();
            for (int i = (me + t - 1) % t; i < cells.length; i += t) {
                sum += cells[i];
            }
            barrier();
        }
        Results.put(getClass().getSimpleName() + me, sum);
    }
}
