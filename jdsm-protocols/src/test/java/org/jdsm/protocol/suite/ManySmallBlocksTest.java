package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import org.jdsm.SharedObject;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The per-block path under load: range calls over thousands of one-element blocks, nested
 * (reentrant) range acquires, instrumented-style writes to many blocks shared by writers on
 * several nodes, and explicit acquires that local threads contend for while they hold such
 * writes (so a waiting thread gives its later written blocks up and takes them back). Every
 * element's value is checked after every round.
 */
class ManySmallBlocksTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(120)
    void rangeCallsOverManySmallBlocksLoseNoWrite(String protocol, Shape shape) {
        Jobs.run(ManySmallBlocksJob.class, protocol, shape, arg("rounds", 3));
    }

    /**
     * {@code rows}: 2048 one-element blocks, thread t owns a contiguous slice and writes it under
     * range acquire/release. {@code cells}: blocks of 3, element i written by thread i mod threads
     * through write checks (multiple writers per block). {@code counts}: 16 one-element blocks every
     * thread increments, all of them under one range acquire, while it holds its {@code cells} writes.
     */
    public static final class ManySmallBlocksJob extends Spmd {
        private long[] rows;
        private long[] cells;
        private long[] counts;
        private int rounds;

        @Override
        public void init() {
            rounds = JobArgs.of(this).integer("rounds", 3);
            counts = pool.register(new long[16], 1); // registered first: ordered before cells' blocks
            rows = pool.register(new long[2048], 1);
            cells = pool.register(new long[600], 3);
        }

        private static long value(int round, int i) {
            return (round + 1) * 1_000_000L + i;
        }

        @Override
        public void start() {
            int slice = rows.length / threads();
            int from = myThread() * slice;
            int to = myThread() == threads() - 1 ? rows.length : from + slice;
            SharedObject cellBlocks = pool.sharedObject(cells);
            for (int r = 0; r < rounds; r++) {
                pool.acquire(rows, from, to);
                pool.acquire(rows, from, Math.min(to, from + 7)); // reentrant: the outer release publishes
                for (int i = from; i < to; i++) {
                    rows[i] = value(r, i);
                }
                pool.release(rows, from, Math.min(to, from + 7));
                pool.release(rows, from, to);

                for (int i = myThread(); i < cells.length; i += threads()) {
                    int b = cellBlocks.blockOf(i);
                    pool.writeCheckBlocks(cellBlocks, b, b + 1);
                    cells[i] = value(r, i);
                }
                pool.acquire(counts, 0, counts.length);
                for (int i = 0; i < counts.length; i++) {
                    counts[i]++;
                }
                pool.release(counts, 0, counts.length);
                barrier();

                pool.update(rows, 0, rows.length);
                pool.readCheckBlocks(cellBlocks, 0, cellBlocks.blockCount());
                for (int i = 0; i < rows.length; i++) {
                    int round = r;
                    int index = i;
                    Check.equal(value(r, i), rows[i], () -> "round " + round + ", rows[" + index + "]");
                }
                for (int i = 0; i < cells.length; i++) {
                    int round = r;
                    int index = i;
                    Check.equal(value(r, i), cells[i], () -> "round " + round + ", cells[" + index + "]");
                }
                pool.update(counts, 0, counts.length);
                for (int i = 0; i < counts.length; i++) {
                    int round = r;
                    int index = i;
                    Check.equal((long) (r + 1) * threads(), counts[i], () -> "round " + round + ", counts[" + index + "]");
                }
                barrier();
            }
        }
    }
}
