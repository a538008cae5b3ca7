package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/** {@link HandoverPlain} through the explicit API. */
public class HandoverExplicit extends Spmd {

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
            pool.acquire(data, me * part);
            for (int i = 0; i < part; i++) {
                data[me * part + i] = round * 1000 + me * part + i;
            }
            pool.release(data, me * part);
            barrier();
            pool.update(data, next * part);
            pool.acquire(out, me * part);
            for (int i = 0; i < part; i++) {
                out[me * part + i] += data[next * part + part - 1 - i];
            }
            pool.release(out, me * part);
            barrier();
        }
        if (me == 0) {
            pool.update(out);
            Results.put(getClass().getSimpleName(), out.clone());
        }
    }
}
