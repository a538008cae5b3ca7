package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Producers (even threads) and consumers (odd threads) of every node share one {@link BoundedBuffer}
 * of two slots, written as plain Java. Each consumer adds up what it took in its own elements of a
 * shared array; after a barrier every thread checks that each item was taken exactly once (count,
 * sum and sum of squares).
 */
public class BoundedBufferPlain extends Spmd {

    BoundedBuffer buffer;
    long[] tally; // per thread: count, sum, sum of squares

    @Override
    public void init() {
        buffer = pool.register(new BoundedBuffer());
        tally = pool.register(new long[3 * threads()], 3);
    }

    @Override
    public void start() {
        int items = Integer.parseInt(args().get(0));
        long total = (long) (threads() + 1) / 2 * items;
        int me = myThread();
        try {
            if (me % 2 == 0) {
                for (int k = 0; k < items; k++) {
                    buffer.put(item(me, k));
                }
            } else {
                for (long item = buffer.take(total); item >= 0; item = buffer.take(total)) {
                    tally[3 * me]++;
                    tally[3 * me + 1] += item;
                    tally[3 * me + 2] += item * item;
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        barrier();
        long count = 0;
        long sum = 0;
        long squares = 0;
        long wantSum = 0;
        long wantSquares = 0;
        for (int t = 0; t < threads(); t++) {
            count += tally[3 * t];
            sum += tally[3 * t + 1];
            squares += tally[3 * t + 2];
            for (int k = 0; t % 2 == 0 && k < items; k++) {
                wantSum += item(t, k);
                wantSquares += item(t, k) * item(t, k);
            }
        }
        String verdict = count == total && sum == wantSum && squares == wantSquares ? "ok"
                : "took " + count + " items of " + total + ", sum " + sum + " (want " + wantSum + "), squares " + squares
                + " (want " + wantSquares + ")";
        Results.put(getClass().getSimpleName() + me, verdict);
    }

    private static long item(int thread, int k) {
        return 1000L * thread + k + 1;
    }
}
