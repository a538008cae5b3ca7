package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Data handed over through barriers: each thread fills its own part, then reads its neighbour's
 * part (written on another node) and writes a result into its own part of a second array.
 */
public class HandoverPlain extends Spmd {

    int[] data;
    int[] out;
    int part;

    @Override
    public void init() {
        part = Integer.parseInt(args().get(0));
        data = pool.register(new int[part * threads()], part);
        out = pool.register(new int[part * threads()], part);
    }

    @Override
    public void start() {
        int me = myThread();
        int next = (me + 1) % threads();
        for (int round = 1; round <= 3; round++) {
            for (int i = 0; i < part; i++) {
                data[me * part + i] = round * 1000 + me * part + i;
            }
            barrier();
            for (int i = 0; i < part; i++) {
                out[me * part + i] += data[next * part + part - 1 - i];
            }
            barrier();
        }
        if (me == 0) {
            int[] all = new int[out.length];
            for (int i = 0; i < all.length; i++) {
                all[i] = out[i];
            }
            Results.put(getClass().getSimpleName(), all);
        }
    }
}
