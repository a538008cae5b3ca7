package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/**
 * A job whose rank {@code args[0]} dies abruptly (exit code 42) while the other ranks are fetching
 * its blocks: every rank writes its own 256 KiB blocks of a shared array, then all read the whole
 * array, round after round; the crashing rank halts right after the barrier of round 3, so the
 * others' fetches from it, and its replies, are in flight when it goes.
 */
public class CrashWhileFetched extends Spmd {

    private static final int BLOCK_DOUBLES = 32 * 1024;
    private static final int ROUNDS = 20;
    private static final int CRASH_ROUND = 3;

    private double[] data;

    @Override
    public void init() {
        data = pool.register(new double[BLOCK_DOUBLES * 2 * nodes()], BLOCK_DOUBLES);
    }

    @Override
    public void start() {
        int crashing = Integer.parseInt(args().get(0));
        int from = BLOCK_DOUBLES * 2 * myNode();
        for (int round = 0; round < ROUNDS; round++) {
            pool.acquire(data, from, from + 2 * BLOCK_DOUBLES);
            for (int i = from; i < from + 2 * BLOCK_DOUBLES; i++) {
                data[i] = round;
            }
            pool.release(data, from, from + 2 * BLOCK_DOUBLES);
            barrier();
            if (myNode() == crashing && round == CRASH_ROUND) {
                Runtime.getRuntime().halt(42);
            }
            pool.update(data);
            barrier();
        }
    }
}
