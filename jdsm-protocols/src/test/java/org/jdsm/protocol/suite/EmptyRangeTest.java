package org.jdsm.protocol.suite;

import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An empty range ({@code from == to}, as {@code Arrays.fill} allows, also at the array's end) is
 * no access at all: a thread whose share of a split is empty calls the range forms without an
 * {@code if}. The data the other threads hand over is still seen whole.
 */
class EmptyRangeTest {

    static final int LENGTH = 3;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void emptySharesTouchNothing(String protocol, Shape shape) {
        Jobs.run(SplitWithEmptyShares.class, protocol, shape);
    }

    /** Three elements split over all threads: most shares are empty. */
    public static final class SplitWithEmptyShares extends Spmd {
        private long[] data;

        @Override
        public void init() {
            data = pool.register(new long[LENGTH], 1);
        }

        @Override
        public void start() {
            int from = (int) ((long) LENGTH * myThread() / threads());
            int to = (int) ((long) LENGTH * (myThread() + 1) / threads());
            pool.acquire(data, from, to);
            for (int i = from; i < to; i++) {
                data[i] = 10 + i;
            }
            pool.release(data, from, to);
            pool.update(data, LENGTH, LENGTH);
            pool.updateAsync(data, from, to).touch();
            barrier();
            pool.update(data, 0, LENGTH);
            for (int i = 0; i < LENGTH; i++) {
                int index = i;
                Check.equal(10 + i, data[i], () -> "element " + index + " after the barrier");
            }
        }
    }
}
