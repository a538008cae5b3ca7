package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A method of many accesses between calls that may synchronize ({@link #next} can be overridden):
 * caching each site's check would have to be forgotten after every call, which would grow
 * {@link #sweep} past HotSpot's limit for compiling a method. Each thread sweeps its own 40 cells
 * of a shared array for some rounds; after a barrier the last thread sums all cells. Args: rounds.
 */
public class ManyCallsPlain extends Spmd {

    static final int CELLS_PER_THREAD = 40;

    long[] cells;
    /** Per thread of this node (the node's threads share this object): calls of {@link #next}. */
    private long[] calls;

    @Override
    public void init() {
        cells = pool.register(new long[threads() * CELLS_PER_THREAD], 8);
        calls = new long[threads()];
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        for (int r = 0; r < rounds; r++) {
            sweep(cells, myThread() * CELLS_PER_THREAD);
        }
        barrier();
        if (myThread() == threads() - 1) {
            long sum = 0;
            for (long c : cells) {
                sum += c;
            }
            Results.put(getClass().getSimpleName(), sum);
        }
    }

    /** This thread's next number: 1, 2, 3, ... */
    public long next() {
        return ++calls[myThread()];
    }

    void sweep(long[] a, int base) {
        a[base + 0] += next();
        a[base + 1] += next();
        a[base + 2] += next();
        a[base + 3] += next();
        a[base + 4] += next();
        a[base + 5] += next();
        a[base + 6] += next();
        a[base + 7] += next();
        a[base + 8] += next();
        a[base + 9] += next();
        a[base + 10] += next();
        a[base + 11] += next();
        a[base + 12] += next();
        a[base + 13] += next();
        a[base + 14] += next();
        a[base + 15] += next();
        a[base + 16] += next();
        a[base + 17] += next();
        a[base + 18] += next();
        a[base + 19] += next();
        a[base + 20] += next();
        a[base + 21] += next();
        a[base + 22] += next();
        a[base + 23] += next();
        a[base + 24] += next();
        a[base + 25] += next();
        a[base + 26] += next();
        a[base + 27] += next();
        a[base + 28] += next();
        a[base + 29] += next();
        a[base + 30] += next();
        a[base + 31] += next();
        a[base + 32] += next();
        a[base + 33] += next();
        a[base + 34] += next();
        a[base + 35] += next();
        a[base + 36] += next();
        a[base + 37] += next();
        a[base + 38] += next();
        a[base + 39] += next();
    }
}
