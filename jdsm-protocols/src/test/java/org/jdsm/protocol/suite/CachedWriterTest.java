package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A node that keeps a block's write lock cached writes the block again while another node writes a
 * different element of it without the lock (instrumented style): the second session must publish
 * only what it wrote, never re-send elements of its first session over the other node's newer write.
 */
class CachedWriterTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aCachedLockHoldersSecondSessionPublishesOnlyItsOwnWrites(String protocol) {
        Jobs.run(CachedWriterJob.class, protocol, new Shape(3, 1), arg("rounds", 30));
    }

    /**
     * One block homed on node 0. Per round: node 2 takes the block lock (so the token leaves node 1
     * and comes back to it with a copy of the block); node 1 writes element 0 under the lock; then,
     * between the same two barriers, node 2 writes element 0 without the lock while node 1 re-takes
     * its cached lock and writes element 1 only. Both writes must survive.
     */
    public static final class CachedWriterJob extends Spmd {
        private long[] cells;
        private int rounds;

        @Override
        public void init() {
            rounds = JobArgs.of(this).integer("rounds", 30);
            cells = pool.register(new long[8], 8);
        }

        @Override
        public void start() {
            for (int r = 1; r <= rounds; r++) {
                if (myNode() == 2) {
                    pool.acquire(cells);
                    pool.release(cells);
                }
                barrier();
                if (myNode() == 1) {
                    pool.acquire(cells);
                    cells[0] = -r;
                    pool.release(cells);
                }
                barrier();
                if (myNode() == 2) {
                    pool.writeCheck(cells, 0);
                    cells[0] = r;
                } else if (myNode() == 1) {
                    pool.acquire(cells);
                    cells[1] = r;
                    pool.release(cells);
                }
                barrier();
                pool.update(cells);
                int round = r;
                Check.equal(r, cells[0], () -> "round " + round + ": element 0, written last by node 2");
                Check.equal(r, cells[1], () -> "round " + round + ": element 1, written by node 1");
                barrier();
            }
        }
    }
}
