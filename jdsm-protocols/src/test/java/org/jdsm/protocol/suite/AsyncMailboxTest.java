package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.jdsm.protocol.suite.JobArgs.seedArg;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rows of a shared {@code double[][]} written whole under {@code acquireAsync} of two rows at once
 * (often in one block), their new versions then posted in a mailbox array under a lock, and a
 * single shared object with primitive-array fields tallied under {@code acquire(obj)}. Readers take
 * the mailbox lock, then a row with {@code acquireAsync}: the row must be whole and at least as new
 * as the mailbox said. No barrier until the end, where every version and tally is checked.
 */
class AsyncMailboxTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocolFor(Arguments.of(new Shape(4, 2), 1), Arguments.of(new Shape(2, 4), 3), Arguments.of(new Shape(5, 2), 2));
    }

    @ParameterizedTest(name = "{0} {1} rows per block {2}")
    @MethodSource("runs")
    @Timeout(120)
    void rowsHandedOverByMailboxArriveWhole(String protocol, Shape shape, int rowsPerBlock) {
        Jobs.run(Mailbox.class, protocol, shape, arg("ops", 2400 / shape.threads()), arg("block", rowsPerBlock), seedArg(11));
    }

    /** One shared object whose fields are arrays: writes per thread and per row. */
    public static final class Tally {
        public long[] writesBy;
        public double[] rowWrites;
    }

    public static final class Mailbox extends Spmd {
        static final int ROWS = 11;
        static final int WIDTH = 9;
        static final long STAMP = 1_000;

        private double[][] grid;
        private long[] posted;
        private Tally tally;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            grid = pool.register(new double[ROWS][WIDTH], args.integer("block", 1), Distribution.CYCLIC);
            posted = pool.register(new long[ROWS], 1);
            Tally t = new Tally();
            t.writesBy = new long[threads()];
            t.rowWrites = new double[ROWS];
            tally = pool.register(t);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            int ops = args.integer("ops", 200);
            for (int op = 0; op < ops; op++) {
                int a = choices.nextInt(ROWS);
                int b = choices.nextInt(ROWS);
                if (choices.nextBoolean()) {
                    writeRows(Math.min(a, b), Math.max(a, b));
                } else {
                    readPostedRow(a);
                }
                if (pauses.nextInt(8) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(50_000));
                }
            }
            barrier();
            pool.update(tally);
            pool.update(grid);
            long total = 0;
            for (int t = 0; t < threads(); t++) {
                total += tally.writesBy[t];
            }
            double rows = 0;
            for (int r = 0; r < ROWS; r++) {
                int row = r;
                rows += tally.rowWrites[r];
                Check.equal((long) tally.rowWrites[r], version(r), () -> "row " + row + "'s version at the end (lost write)");
            }
            long allRows = (long) rows;
            Check.equal(total, allRows, () -> "row writes tallied per thread and per row");
        }

        /** Rows {@code a <= b} (maybe one row) get a new version each, posted afterwards. */
        private void writeRows(int a, int b) {
            DsmFuture first = pool.acquireAsync(grid, a);
            DsmFuture second = a == b ? null : pool.acquireAsync(grid, b);
            first.touch();
            long va = rewrite(a);
            long vb = va;
            if (second != null) {
                second.touch();
                vb = rewrite(b);
                pool.release(grid, b);
            }
            pool.release(grid, a);
            pool.acquire(tally);
            tally.writesBy[myThread()] += second == null ? 1 : 2;
            tally.rowWrites[a]++;
            if (second != null) {
                tally.rowWrites[b]++;
            }
            pool.release(tally);
            pool.lock("mailbox");
            post(a, va);
            post(b, vb);
            pool.unlock("mailbox");
        }

        private void post(int r, long version) {
            pool.acquire(posted, r);
            posted[r] = Math.max(posted[r], version);
            pool.release(posted, r);
        }

        private long rewrite(int r) {
            long v = version(r) + 1;
            Arrays.fill(grid[r], v * STAMP + myThread());
            return v;
        }

        private void readPostedRow(int r) {
            pool.lock("mailbox");
            pool.update(posted, r);
            long atLeast = posted[r];
            pool.unlock("mailbox");
            pool.acquireAsync(grid, r).touch();
            long v = version(r);
            pool.release(grid, r);
            Check.that(v >= atLeast, () -> "row " + r + " is at version " + v + " after the mailbox posted " + atLeast);
        }

        /** Row r's version, after checking that all its elements hold the same stamp of a real writer. */
        private long version(int r) {
            double first = grid[r][0];
            for (int c = 1; c < WIDTH; c++) {
                int column = c;
                Check.that(grid[r][c] == first, () -> "row " + r + " is torn: [" + column + "] = " + grid[r][column] + ", [0] = " + first);
            }
            long stamp = (long) first;
            Check.that(stamp == 0 || stamp % STAMP < threads(), () -> "row " + r + " holds " + first + ", which no thread wrote");
            return stamp / STAMP;
        }
    }
}
