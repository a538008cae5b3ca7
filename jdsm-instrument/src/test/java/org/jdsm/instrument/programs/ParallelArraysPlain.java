package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A shared array read by the generator that {@code Arrays.parallelSetAll} runs on the common
 * fork-join pool, whose threads run neither {@code start()} nor {@code fin()} and so are not
 * checked: {@code Arrays.parallelSetAll(local, k -> shared[k])}. Thread 0 writes the shared array,
 * many blocks homed on every node, which every node read before; after a barrier every thread
 * copies it so, and must see thread 0's values.
 */
public class ParallelArraysPlain extends Spmd {

    private static final int N = 4096;
    private static final int BLOCK = 64;

    long[] values;

    @Override
    public void init() {
        values = pool.register(new long[N], BLOCK);
    }

    @Override
    public void start() {
        int t = myThread();
        long seen = 0;
        for (int k = 0; k < N; k++) { // a copy of every block on every node, made stale below
            seen += values[k];
        }
        barrier();
        if (t == 0) {
            for (int k = 0; k < N; k++) {
                values[k] = k + 1;
            }
        }
        barrier();
        List<String> failed = new ArrayList<>();
        long[] copy = new long[N];
        Arrays.parallelSetAll(copy, k -> values[k]);
        for (int k = 0; k < N; k++) {
            if (copy[k] != k + 1) {
                failed.add("parallelSetAll read [" + k + "] " + copy[k] + " != " + (k + 1));
                break;
            }
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : "node " + myNode() + " " + failed + " (" + seen % 1 + ")");
    }
}
