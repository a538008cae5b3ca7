package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A shared two-dimensional array ({@code long[][]}, blocks of rows) written in place column by
 * column: in each phase every thread writes its own columns of every row (instrumented writes,
 * published at the barrier), so threads of different nodes write disjoint elements of one row at
 * the same time. Column 0 of each row is a counter incremented under the row's lock, whose grants
 * invalidate rows that sibling threads are still writing (their refetch merges row by row).
 * Checked after each barrier: every element holds what its column's writer stored this phase, and
 * every counter the increments the seeded choices made.
 */
class MatrixRowsTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void disjointColumnsOfSharedRowsLoseNoWrite(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, MatrixColumns.class, protocol, shape, List.of(arg("phases", 4), arg("seed", 13)));
    }

    static Stream<Arguments> siblingRuns() {
        return Jobs.everyProtocol(List.of(new Shape(2, 4), new Shape(3, 3)), List.of("local"));
    }

    /** Several seeds: only some make a counter's grant invalidate a row that sibling threads are writing. */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("siblingRuns")
    @Timeout(60)
    void rowsRefetchedUnderSiblingWritersLoseNoWrite(String protocol, Shape shape, String comm) {
        for (int seed = 101; seed <= 104; seed++) {
            Jobs.runOver(comm, MatrixColumns.class, protocol, shape, List.of(arg("phases", 4), arg("seed", seed)));
        }
    }

    public static final class MatrixColumns extends Spmd {
        static final int ROWS = 6;
        static final int ROWS_PER_BLOCK = 2;

        private long[][] m;

        @Override
        public void init() {
            m = new long[ROWS][threads() * 2];
            pool.register(m, ROWS_PER_BLOCK);
        }

        /** Column {@code c > 0}'s writer in phase {@code p}. */
        private int writer(int c, int p) {
            return (c + p) % threads();
        }

        /** Whether a thread increments row {@code r}'s counter this time, from its seeded choices. */
        private static boolean counts(Random choices) {
            return choices.nextInt(3) == 0;
        }

        private static long value(int p, int r, int c) {
            return p == 0 ? 0 : ((long) p << 32) | ((long) r << 16) | c;
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            int columns = m[0].length;
            for (int p = 1; p <= phases; p++) {
                for (int r = 0; r < ROWS; r++) {
                    if (counts(choices)) {
                        pool.lock("row-" + r);
                        pool.update(m, r);
                        pool.writeCheck(m, r);
                        m[r][0]++;
                        pool.unlock("row-" + r);
                    }
                    for (int c = 1; c < columns; c++) {
                        if (writer(c, p) == myThread()) {
                            pool.writeCheck(m, r);
                            m[r][c] = value(p, r, c);
                        }
                    }
                    if (pauses.nextInt(4) == 0) {
                        LockSupport.parkNanos(pauses.nextInt(100_000));
                    }
                }
                barrier();
                pool.update(m);
                long[] counted = new long[ROWS];
                for (int t = 0; t < threads(); t++) {
                    Random replay = args.choices(t);
                    for (int k = 0; k < p * ROWS; k++) {
                        counted[k % ROWS] += counts(replay) ? 1 : 0;
                    }
                }
                for (int r = 0; r < ROWS; r++) {
                    int row = r;
                    int phase = p;
                    Check.equal(counted[r], m[r][0], () -> "counter m[" + row + "][0] after phase " + phase + " (lost increments)");
                    for (int c = 1; c < columns; c++) {
                        int column = c;
                        Check.equal(value(p, r, c), m[r][c], () -> "m[" + row + "][" + column + "] after phase " + phase);
                    }
                }
                barrier();
            }
        }
    }
}
