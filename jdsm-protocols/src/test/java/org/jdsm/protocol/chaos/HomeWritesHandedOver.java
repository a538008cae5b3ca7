package org.jdsm.protocol.chaos;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jdsm.SharedObject;
import org.jdsm.Spmd;

/**
 * Writes made at a block's home, handed to other nodes through a lock right away. Block b of
 * {@code cells} holds, in every element, the round that last wrote it (element {@code i}: {@code
 * round * 1000 + i}); lock {@code "b" + b} guards it, and its round is also written into a stamp
 * homed on another node. Every thread sweeps the blocks: under the block's lock it reads the block,
 * checks that it is whole, that it matches its stamp and that its round never went back, and writes
 * the next round if that round is its own. Three of four rounds belong to a thread of the
 * home, so most handovers send the home's fresh writes to a remote reader, racing with the home's
 * next publication; the writes alternate between instrumented-style checks and the block's write
 * lock (whose grant carries the home's copy). Random pauses vary the timing. After a barrier every
 * block must hold the last round. Args: rounds, seed.
 */
public class HomeWritesHandedOver extends Spmd {

    private static final int BLOCK = 4;
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(40);

    long[] cells;
    /** Block b's round in element {@code stamp(b)}, one element per block, homed on another node than the block. */
    long[] stamps;

    @Override
    public void init() {
        cells = pool.register(new long[2 * nodes() * BLOCK], BLOCK);
        stamps = pool.register(new long[2 * nodes()], 1);
    }

    @Override
    public void start() {
        int rounds = Integer.parseInt(args().get(0));
        long seed = Long.parseLong(args().get(1));
        Random random = new Random(seed * 31 + myThread());
        SharedObject shared = pool.registered(cells);
        int blocks = cells.length / BLOCK;
        int[] lastSeen = new int[blocks];
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        boolean allDone = false;
        while (!allDone) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("thread " + myThread() + ": blocks did not reach round " + rounds + " in time");
            }
            allDone = true;
            for (int b = 0; b < blocks; b++) {
                pool.lock("b" + b);
                try {
                    int round = readWhole(b);
                    if (round < lastSeen[b]) {
                        throw new IllegalStateException("thread " + myThread() + ": block " + b + " went back from round "
                                + lastSeen[b] + " to " + round);
                    }
                    lastSeen[b] = round;
                    if (round < rounds && writer(seed, shared, b, round + 1) == myThread()) {
                        write(b, round + 1, random);
                        lastSeen[b] = round + 1;
                    }
                    allDone &= lastSeen[b] == rounds;
                } finally {
                    pool.unlock("b" + b);
                }
                if (random.nextInt(4) == 0) {
                    Pauses.briefly(random);
                }
            }
        }
        barrier();
        for (int b = 0; b < blocks; b++) {
            if (readWhole(b) != rounds) {
                throw new IllegalStateException("thread " + myThread() + ": block " + b + " ends before round " + rounds);
            }
        }
    }

    /** Who writes {@code round} of block {@code b}: a thread of its home, except every fourth round. */
    private int writer(long seed, SharedObject shared, int b, int round) {
        Random choice = new Random(seed * 1_000_003L + b * 7919L + round);
        if (round % 4 == 0) {
            return choice.nextInt(threads());
        }
        return shared.home(b) * threadsPerNode() + choice.nextInt(threadsPerNode());
    }

    /** The round block {@code b} holds, after checking that all its elements are of that round. */
    private int readWhole(int b) {
        int from = b * BLOCK;
        pool.update(cells, from, from + BLOCK);
        int round = (int) (cells[from] / 1000);
        for (int i = from; i < from + BLOCK; i++) {
            if (cells[i] != value(round, i)) {
                throw new IllegalStateException("thread " + myThread() + " on node " + myNode() + ": element " + i
                        + " is " + cells[i] + " but element " + from + " says round " + round);
            }
        }
        int stamp = stamp(b);
        pool.update(stamps, stamp);
        if (stamps[stamp] != round) {
            throw new IllegalStateException("thread " + myThread() + " on node " + myNode() + ": block " + b + " holds round "
                    + round + " but its stamp says " + stamps[stamp]);
        }
        return round;
    }

    /** Where block {@code b}'s stamp is: two blocks on, so its home is the next node's. */
    private int stamp(int b) {
        return (b + 2) % stamps.length;
    }

    private void write(int b, int round, Random random) {
        int from = b * BLOCK;
        boolean viaBlockLock = random.nextBoolean();
        if (viaBlockLock) {
            pool.acquire(cells, from, from + BLOCK);
        }
        for (int i = from + BLOCK - 1; i >= from; i--) {
            if (!viaBlockLock) {
                pool.writeCheck(cells, i);
            }
            cells[i] = value(round, i);
            if (random.nextInt(8) == 0) {
                Pauses.briefly(random);
            }
        }
        if (viaBlockLock) {
            pool.release(cells, from, from + BLOCK);
        }
        pool.writeCheck(stamps, stamp(b));
        stamps[stamp(b)] = round;
    }

    /** Element {@code i} as written in {@code round}; round 0 is the array's initial zeros. */
    private static long value(int round, int i) {
        return round == 0 ? 0 : round * 1000L + i;
    }
}
