package org.jdsm.protocol.chaos;

import java.util.Random;
import org.jdsm.SharedObject;
import org.jdsm.Spmd;

/**
 * Instrumented-style writes with no read before them, handed between nodes: in round {@code r},
 * element {@code i} is first overwritten by a thread of the node after its block's home, then,
 * after a barrier and with no check in between, by a thread of the home itself, each time after
 * only a {@code writeCheck}. The home's write must wait for the first writer's diff: if the diff
 * came later it would overwrite the newer value, which every thread's check after the round then
 * reads (a remote reader's fetch waits at the home for that diff). Random pauses vary the timing.
 * Args: rounds, seed.
 */
public class BlindWriters extends Spmd {

    long[] cells;

    @Override
    public void init() {
        cells = pool.register(new long[64], 8);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        Random random = new Random(Long.parseLong(args().get(1)) * 31 + myThread());
        SharedObject shared = pool.registered(cells);
        for (int round = 1; round <= rounds; round++) {
            for (int step = 0; step < 2; step++) {
                for (int i = 0; i < cells.length; i++) {
                    int home = shared.home(shared.blockOf(i));
                    int node = step == 0 ? (home + 1) % nodes() : home;
                    if (node == myNode() && (i + round) % threadsPerNode() == myThread() % threadsPerNode()) {
                        pool.writeCheck(cells, i);
                        cells[i] = value(round, step, i);
                        if (random.nextInt(8) == 0) {
                            Pauses.briefly(random);
                        }
                    }
                }
                barrier();
            }
            for (int i = 0; i < cells.length; i++) {
                pool.readCheck(cells, i);
                if (cells[i] != value(round, 1, i)) {
                    throw new IllegalStateException("thread " + myThread() + " after round " + round + ": cell " + i
                            + " is " + cells[i] + ", expected " + value(round, 1, i));
                }
            }
            barrier(); // the next round's writes wait for every check of this one
        }
    }

    private static long value(int round, int step, int i) {
        return round * 10_000L + step * 1000L + i;
    }
}
