package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code that took blocks in different orders in one interval (which deadlocked under SC):
 * even threads write their elements of {@code x} then of {@code y}, odd threads {@code y} then
 * {@code x}, descending through the blocks every other phase, and every thread reads a neighbour's
 * elements of both, written the phase before, between its writes. Elements are interleaved, so
 * every block is written by every thread; a phase writes every other round of them. Args: elements per array, block length, phases.
 */
public class CrossOrderPlain extends Spmd {

    int[] x;
    int[] y;

    @Override
    public void init() {
        int n = Integer.parseInt(args().get(0));
        int block = Integer.parseInt(args().get(1));
        x = pool.register(new int[n], block);
        y = pool.register(new int[n], block);
    }

    @Override
    public void start() {
        int me = myThread();
        int t = threads();
        int phases = Integer.parseInt(args().get(2));
        int neighbour = (me + 1) % t;
        for (int phase = 1; phase <= phases; phase++) {
            boolean down = phase % 2 == 0;
            int first = down ? last(me) : me;
            for (int i = first; i >= 0 && i < x.length; i += down ? -t : t) {
                if ((i / t + phase) % 2 != 0) {
                    continue; // written last phase, read by a neighbour in this one
                }
                if (me % 2 == 0) {
                    x[i] = value(0, i, phase);
                    y[i] = value(1, i, phase);
                } else {
                    y[i] = value(1, i, phase);
                    x[i] = value(0, i, phase);
                }
                int j = i - me + t + neighbour; // a neighbour's element written last phase
                if (j < x.length && (x[j] != value(0, j, phase - 1) || y[j] != value(1, j, phase - 1))) {
                    throw new IllegalStateException("thread " + me + " phase " + phase + ": element " + j + " is "
                            + x[j] + "/" + y[j]);
                }
            }
            barrier();
        }
        for (int i = 0; i < x.length; i++) {
            int last = (i / t + phases) % 2 == 0 ? phases : phases - 1;
            if (x[i] != value(0, i, last) || y[i] != value(1, i, last)) {
                throw new IllegalStateException("element " + i + " is " + x[i] + "/" + y[i] + " at the end");
            }
        }
        Results.put(getClass().getSimpleName() + me, "ok");
    }

    /** The last of my elements. */
    private int last(int me) {
        int t = threads();
        return me + (x.length - 1 - me) / t * t;
    }

    private static int value(int array, int i, int phase) {
        return phase == 0 ? 0 : phase * 100_000 + array * 50_000 + i;
    }
}
