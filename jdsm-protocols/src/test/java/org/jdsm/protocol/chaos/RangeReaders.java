package org.jdsm.protocol.chaos;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;

/**
 * Readers that fetch many small blocks with one call while writers on other nodes publish them.
 * {@code cells} has small blocks homed on every node. Each turn a thread takes lock {@code "all"}
 * and either writes the next round into every element (element {@code i}: {@code round * 10_000 +
 * i}, through write checks, so its diffs travel to the homes while the lock moves on) or reads a
 * random range of blocks in one call, {@code update(cells, from, to)} or {@code updateAsync} touched
 * after a pause, and checks that every element shows the round named in {@code round}. Under LRC
 * such a range is one fetch per home, whose blocks wait at the home for diffs still on their way.
 * After a barrier every element must show the last round, and the rounds must add up to the
 * writes the threads made. Args: turns per thread, seed.
 */
public class RangeReaders extends Spmd {

    private static final int BLOCK = 4;
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(40);

    long[] cells;
    /** The last round written, in one element homed on node 0. */
    long[] round;
    /** Element t: how many rounds thread t wrote. */
    long[] writes;

    @Override
    public void init() {
        cells = pool.register(new long[6 * nodes() * BLOCK], BLOCK);
        round = pool.register(new long[1], 1);
        writes = pool.register(new long[threads()], 1);
    }

    @Override
    public void start() {
        int turns = Integer.parseInt(args().get(0));
        Random random = new Random(Long.parseLong(args().get(1)) * 31 + myThread());
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        long written = 0;
        for (int turn = 0; turn < turns; turn++) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("thread " + myThread() + ": " + turns + " turns took too long");
            }
            pool.lock("all");
            try {
                if (random.nextInt(3) == 0) {
                    writeNextRound();
                    written++;
                } else {
                    readRange(random);
                }
            } finally {
                pool.unlock("all");
            }
            if (random.nextBoolean()) {
                Pauses.briefly(random);
            }
        }
        pool.acquire(writes, myThread());
        writes[myThread()] = written;
        pool.release(writes, myThread());
        barrier();
        pool.update(round, 0);
        pool.update(writes, 0, writes.length);
        long total = 0;
        for (long w : writes) {
            total += w;
        }
        if (round[0] != total) {
            throw new IllegalStateException("thread " + myThread() + ": round " + round[0] + " after " + total + " writes");
        }
        pool.update(cells, 0, cells.length);
        check(0, cells.length / BLOCK, round[0], "after the barrier");
    }

    private void writeNextRound() {
        pool.update(round, 0);
        long next = round[0] + 1;
        for (int i = 0; i < cells.length; i++) {
            pool.writeCheck(cells, i);
            cells[i] = next * 10_000 + i;
        }
        pool.writeCheck(round, 0);
        round[0] = next;
    }

    private void readRange(Random random) {
        int blocks = cells.length / BLOCK;
        int from = random.nextInt(blocks);
        int to = from + 1 + random.nextInt(blocks - from);
        pool.update(round, 0);
        if (random.nextBoolean()) {
            pool.update(cells, from * BLOCK, to * BLOCK);
        } else {
            DsmFuture fetched = pool.updateAsync(cells, from * BLOCK, to * BLOCK);
            Pauses.briefly(random);
            fetched.touch();
        }
        check(from, to, round[0], "under the lock");
    }

    private void check(int fromBlock, int toBlock, long expected, String when) {
        for (int i = fromBlock * BLOCK; i < toBlock * BLOCK; i++) {
            long want = expected == 0 ? 0 : expected * 10_000 + i;
            if (cells[i] != want) {
                throw new IllegalStateException("thread " + myThread() + " " + when + ": element " + i + " is "
                        + cells[i] + ", expected " + want + " (round " + expected + ")");
            }
        }
    }
}
