package org.jdsm.protocol.chaos;

import org.jdsm.Spmd;

/**
 * The access pattern instrumented code produces: reads and writes announced with
 * {@code readCheck}/{@code writeCheck} (no acquire/release), published at the thread's next
 * synchronization. Threads on different nodes write interleaved elements of the same blocks in
 * one barrier interval (the multiple-writer case), and bump a counter under a lock.
 * Args: phases, increments per phase.
 */
public class PlainAccessStyle extends Spmd {

    /** A counter object written through field write checks. */
    public static class Counter {
        public long value;
    }

    long[] cells;
    Counter counter;

    @Override
    public void init() {
        long[] initial = new long[96];
        java.util.Arrays.setAll(initial, i -> i); // the value "after phase 0"
        cells = pool.register(initial, 8);
        counter = pool.register(new Counter());
    }

    @Override
    public void start() {
        int phases = Integer.parseInt(args().get(0));
        int increments = Integer.parseInt(args().get(1));
        int me = myThread();
        for (int phase = 1; phase <= phases; phase++) {
            for (int i = me; i < cells.length; i += threads()) {
                pool.readCheck(cells, i);
                long before = cells[i];
                if (before != (phase - 1) * 1000L + i) {
                    throw new IllegalStateException("thread " + me + " phase " + phase + ": cell " + i + " is " + before);
                }
                pool.writeCheck(cells, i);
                cells[i] = phase * 1000L + i;
            }
            for (int k = 0; k < increments; k++) {
                pool.lock("counter");
                pool.readCheck(counter);
                pool.writeCheck(counter);
                counter.value++;
                pool.unlock("counter");
            }
            barrier();
        }
        for (int i = 0; i < cells.length; i++) {
            pool.readCheck(cells, i);
            if (cells[i] != phases * 1000L + i) {
                throw new IllegalStateException("cell " + i + " is " + cells[i] + " after " + phases + " phases");
            }
        }
        pool.readCheck(counter);
        if (counter.value != (long) phases * increments * threads()) {
            throw new IllegalStateException("counter is " + counter.value + ", expected " + (long) phases * increments * threads());
        }
        barrier();
    }
}
