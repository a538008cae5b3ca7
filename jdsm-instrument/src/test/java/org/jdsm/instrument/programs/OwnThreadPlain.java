package org.jdsm.instrument.programs;

import org.jdsm.Spmd;

/** Thread 0 of every node reads a shared array on a thread of its own, which the checks do not cover. */
public class OwnThreadPlain extends Spmd {

    long[] values;

    @Override
    public void init() {
        values = pool.register(new long[16], 8);
    }

    @Override
    public void start() {
        if (myThread() % threadsPerNode() == 0) {
            long[] seen = new long[1];
            Thread reader = new Thread(() -> seen[0] = values[1] + values[9], "own-reader");
            reader.start();
            try {
                reader.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        barrier();
    }
}
