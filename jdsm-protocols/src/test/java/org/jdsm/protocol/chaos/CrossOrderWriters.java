package org.jdsm.protocol.chaos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;

/**
 * The access pattern that deadlocked instrumented writers under SC: in one interval every thread
 * writes its elements of several arrays, block by block, and reads elements other threads wrote in
 * the previous interval, all in a random order of its own, with random pauses. Blocks are shared by
 * the elements of several threads on several nodes (false sharing), so threads keep running into
 * blocks another thread wrote in the same interval. Data-race free: in phase {@code p} element
 * {@code i} is written (by its owner) only if {@code i + p} is even and read (by anyone) only if
 * it is odd. Every read and the final state are checked. Checks are announced as instrumented code
 * does ({@code readCheck}/{@code writeCheck}, published at the next barrier).
 * Args: phases, seed.
 */
public class CrossOrderWriters extends Spmd {

    private static final int ARRAYS = 3;
    private static final int BLOCK = 4;
    private static final int BLOCKS_PER_ARRAY = 6;

    long[][] arrays = new long[ARRAYS][];

    @Override
    public void init() {
        for (int a = 0; a < ARRAYS; a++) {
            long[] initial = new long[BLOCK * BLOCKS_PER_ARRAY];
            for (int i = 0; i < initial.length; i++) {
                initial[i] = value(a, i, 0);
            }
            arrays[a] = pool.register(initial, BLOCK);
        }
    }

    /** What element {@code i} of array {@code a} holds after phase {@code p} wrote it (phase 0: the initial value). */
    static long value(int a, int i, int p) {
        return p * 1_000_003L + a * 1_009L + i;
    }

    /** The thread that writes element {@code i}: pairs of elements, dealt round robin. */
    private int owner(int i) {
        return i / 2 % threads();
    }

    @Override
    public void start() {
        int phases = Integer.parseInt(args().get(0));
        Random random = new Random(Long.parseLong(args().get(1)) * 7919 + myThread());
        int length = BLOCK * BLOCKS_PER_ARRAY;
        for (int p = 1; p <= phases; p++) {
            List<int[]> steps = new ArrayList<>(); // {array, index, write ? 1 : 0}
            for (int a = 0; a < ARRAYS; a++) {
                for (int i = 0; i < length; i++) {
                    if ((i + p) % 2 == 0 && owner(i) == myThread()) {
                        steps.add(new int[] {a, i, 1});
                    } else if ((i + p) % 2 == 1 && random.nextInt(3) == 0) {
                        steps.add(new int[] {a, i, 0});
                    }
                }
            }
            Collections.shuffle(steps, random);
            for (int[] step : steps) {
                long[] array = arrays[step[0]];
                int i = step[1];
                if (step[2] == 1) {
                    pool.writeCheck(array, i);
                    array[i] = value(step[0], i, p);
                } else {
                    pool.readCheck(array, i);
                    long expected = value(step[0], i, p - 1); // written in the previous phase (or initially)
                    if (array[i] != expected) {
                        throw new IllegalStateException("thread " + myThread() + " phase " + p + ": array " + step[0]
                                + " element " + i + " is " + array[i] + ", expected " + expected);
                    }
                }
                if (random.nextInt(4) == 0) {
                    LockSupport.parkNanos(random.nextInt(300_000)); // let other threads overtake
                }
            }
            barrier();
        }
        for (int a = 0; a < ARRAYS; a++) {
            for (int i = 0; i < length; i++) {
                pool.readCheck(arrays[a], i);
                int last = (i + phases) % 2 == 0 ? phases : phases - 1;
                if (arrays[a][i] != value(a, i, last)) {
                    throw new IllegalStateException("array " + a + " element " + i + " is " + arrays[a][i]
                            + " after " + phases + " phases, expected " + value(a, i, last));
                }
            }
        }
        barrier();
    }
}
