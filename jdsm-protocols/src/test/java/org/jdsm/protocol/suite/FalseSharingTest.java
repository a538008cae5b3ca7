package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Threads on different nodes writing interleaved elements of one block in one interval lose nothing. */
class FalseSharingTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void interleavedWritersAllSurvive(String protocol, Shape shape) {
        Jobs.run(FalseSharingJob.class, protocol, shape, arg("rounds", 3));
    }

    /**
     * Element i belongs to thread i mod threads; every element is written in every round (each
     * under acquire/release of that element only), so all threads write the same block between two
     * barriers. After the barrier every thread checks every element.
     */
    public static final class FalseSharingJob extends Spmd {
        static final int PER_THREAD = 3;

        private int[] cells;
        private int rounds;

        @Override
        public void init() {
            rounds = JobArgs.of(this).integer("rounds", 3);
            int length = threads() * PER_THREAD;
            // Two blocks, so some writers share a block homed elsewhere and some the other one.
            cells = pool.register(new int[length], (length + 1) / 2);
        }

        private int value(int round, int i) {
            return (round + 1) * 100_000 + (i % threads()) * 1_000 + i;
        }

        @Override
        public void start() {
            for (int r = 0; r < rounds; r++) {
                for (int i = myThread(); i < cells.length; i += threads()) {
                    pool.acquire(cells, i);
                    cells[i] = value(r, i);
                    pool.release(cells, i);
                }
                barrier();
                pool.update(cells);
                for (int i = 0; i < cells.length; i++) {
                    int round = r;
                    int index = i;
                    Check.equal(value(r, i), cells[i], () -> "round " + round + ", element " + index
                            + " (written by thread " + (index % threads()) + ")");
                }
                barrier();
            }
        }
    }
}
