package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.jdsm.protocol.suite.JobArgs.seedArg;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rows of a shared {@code double[][]} that are written in place, replaced by rows of another
 * length, or set to null, under {@code acquire} of the row, by threads of every node. The row's
 * version is its length code and its elements: checked at every acquire and at the end.
 */
class RowsReplacedTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocolFor(Arguments.of(new Shape(4, 2), 2), Arguments.of(new Shape(3, 3), 1), Arguments.of(new Shape(2, 4), 3));
    }

    @ParameterizedTest(name = "{0} {1} rows per block {2}")
    @MethodSource("runs")
    @Timeout(120)
    void rowsOfChangingLengthArriveWhole(String protocol, Shape shape, int rowsPerBlock) {
        Jobs.run(Rows.class, protocol, shape, arg("ops", 2400 / shape.threads()), arg("block", rowsPerBlock),
                seedArg(37));
    }

    public static final class Rows extends Spmd {
        static final int ROWS = 9;

        private double[][] grid;
        private long[] versions;

        @Override
        public void init() {
            int block = JobArgs.of(this).integer("block", 1);
            grid = new double[ROWS][];
            for (int r = 0; r < ROWS; r++) {
                grid[r] = row(0);
            }
            pool.register(grid, block);
            versions = pool.register(new long[ROWS], block);
        }

        /** Version v's row: null every fifth version, else of length 1 + v mod 4, every element v. */
        static double[] row(long v) {
            if (v % 5 == 4) {
                return null;
            }
            double[] out = new double[1 + (int) (v % 4)];
            Arrays.fill(out, v);
            return out;
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random choices = args.choices(myThread());
            int ops = args.integer("ops", 200);
            for (int op = 0; op < ops; op++) {
                int r = choices.nextInt(ROWS);
                pool.acquire(versions, r);
                pool.acquire(grid, r);
                long v = checked(r) + 1;
                double[] next = row(v);
                if (next != null && grid[r] != null && grid[r].length == next.length && choices.nextBoolean()) {
                    Arrays.fill(grid[r], v); // in place
                } else {
                    grid[r] = next;
                }
                versions[r] = v;
                pool.release(grid, r);
                pool.release(versions, r);
            }
            barrier();
            pool.update(versions);
            pool.update(grid);
            for (int r = 0; r < ROWS; r++) {
                checked(r);
            }
        }

        private long checked(int r) {
            long v = versions[r];
            double[] expected = row(v);
            double[] actual = grid[r];
            Check.that(Arrays.equals(expected, actual), () -> "row " + r + " at version " + v + " is "
                    + Arrays.toString(actual) + ", expected " + Arrays.toString(expected));
            return v;
        }
    }
}
