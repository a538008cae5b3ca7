package org.jdsm.protocol.suite;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code updateAsync}/{@code acquireAsync} followed by {@code touch()} behave like their blocking forms. */
class AsyncTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolsAndShapes")
    @Timeout(60)
    void asyncOperationsAfterTouch(String protocol, Shape shape) {
        Jobs.run(AsyncJob.class, protocol, shape);
    }

    /**
     * Each thread acquires its own blocks all at once with {@code acquireAsync}, touches the
     * futures, writes and releases; after a barrier every thread starts {@code updateAsync} on
     * every block and checks the data once touched. A counter object is incremented under its lock
     * through {@code acquireAsync(obj)} and read back through {@code updateAsync(obj)}.
     */
    public static final class AsyncJob extends Spmd {
        static final int BLOCK = 4;
        static final int BLOCKS_PER_THREAD = 2;

        /** A shared single object. */
        public static final class Counter {
            long value;
        }

        private double[] grid;
        private Counter counter;

        @Override
        public void init() {
            grid = pool.register(new double[threads() * BLOCKS_PER_THREAD * BLOCK], BLOCK);
            counter = pool.register(new Counter());
        }

        private int firstOwnedElement() {
            return myThread() * BLOCKS_PER_THREAD * BLOCK;
        }

        private static double value(int i) {
            return i * 0.5 + 7;
        }

        @Override
        public void start() {
            List<DsmFuture> acquired = new ArrayList<>();
            for (int b = 0; b < BLOCKS_PER_THREAD; b++) {
                acquired.add(pool.acquireAsync(grid, firstOwnedElement() + b * BLOCK));
            }
            for (DsmFuture f : acquired) {
                Check.that(f.touch() == grid, () -> "acquireAsync(array, i).touch() did not return the array");
            }
            for (int i = firstOwnedElement(); i < firstOwnedElement() + BLOCKS_PER_THREAD * BLOCK; i++) {
                grid[i] = value(i);
            }
            for (int b = 0; b < BLOCKS_PER_THREAD; b++) {
                pool.release(grid, firstOwnedElement() + b * BLOCK);
            }

            pool.lock(counter);
            Check.that(pool.acquireAsync(counter).touch() == counter, () -> "acquireAsync(obj).touch() did not return the object");
            counter.value++;
            pool.release(counter);
            pool.unlock(counter);

            barrier();
            List<DsmFuture> updated = new ArrayList<>();
            for (int i = 0; i < grid.length; i += BLOCK) {
                updated.add(pool.updateAsync(grid, i));
            }
            for (DsmFuture f : updated) {
                Check.that(f.touch() == grid, () -> "updateAsync(array, i).touch() did not return the array");
            }
            for (int i = 0; i < grid.length; i++) {
                int index = i;
                Check.that(grid[i] == value(i), () -> "element " + index + " after touch(): expected " + value(index) + ", saw " + grid[index]);
            }
            Check.that(pool.updateAsync(counter).touch() == counter, () -> "updateAsync(obj).touch() did not return the object");
            Check.equal(threads(), counter.value, () -> "counter after touch()");
        }
    }
}
