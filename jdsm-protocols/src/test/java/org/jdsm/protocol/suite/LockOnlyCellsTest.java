package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.jdsm.protocol.suite.JobArgs.seedArg;

import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A long run with no barrier until the end: threads of every node increment the element objects of
 * a shared {@code Object[]} (elements null at first, of two classes, changed in place or replaced)
 * under group locks plus block or range acquires, and read them under the group lock alone. The
 * run is long enough for LRC to collect intervals through lock traffic, and blocks are small and
 * odd-sized, homed cyclically or in runs. Checked: an element is never torn (its two fields always
 * agree), under its lock a count never goes back, and at the end no increment is lost.
 */
class LockOnlyCellsTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocolFor(
                Arguments.of(new Shape(4, 2), "cyclic", 1),
                Arguments.of(new Shape(3, 3), "block", 3),
                Arguments.of(new Shape(8, 1), "cyclic", 5),
                Arguments.of(new Shape(2, 4), "block", 1));
    }

    @ParameterizedTest(name = "{0} {1} {2} blocks of {3}")
    @MethodSource("runs")
    @Timeout(120)
    void lockedCellsLoseNoIncrement(String protocol, Shape shape, String distribution, int block) {
        run(protocol, shape, distribution, block, false);
    }

    /** The same with plain-access checks instead of acquire and release: nodes and sibling threads write one block at once. */
    @ParameterizedTest(name = "{0} {1} {2} blocks of {3}")
    @MethodSource("runs")
    @Timeout(120)
    void plainWritesOfLockedCellsLoseNoIncrement(String protocol, Shape shape, String distribution, int block) {
        run(protocol, shape, distribution, block, true);
    }

    private static void run(String protocol, Shape shape, String distribution, int block, boolean plain) {
        Jobs.run(LockedCells.class, protocol, shape, arg("ops", 6000 / shape.threads()), arg("block", block),
                arg("cyclic", distribution.equals("cyclic") ? 1 : 0), arg("plain", plain ? 1 : 0),
                seedArg(7));
    }

    /** An element: {@code stamp} is always {@code count * STAMP + writer}, so a torn element shows. */
    public static class Cell {
        static final long STAMP = 1_000;
        public long count;
        public long stamp;

        void increment(int writer) {
            count++;
            stamp = count * STAMP + writer;
        }
    }

    /** A subclass that replaces some elements, with a field of its own. */
    public static final class TaggedCell extends Cell {
        public int tag;
    }

    public static final class LockedCells extends Spmd {
        static final int CELLS = 23;
        static final int GROUPS = 3;
        static final int MAX_RANGE = 4;

        private Object[] cells;
        /** Writes made with write checks (as instrumented code does) instead of acquire and release. */
        private boolean plain;
        /** Increments made by each thread to each cell: row t is thread t's. */
        private long[] made;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            plain = args.integer("plain", 0) == 1;
            cells = new Object[CELLS];
            for (int i = 0; i < CELLS; i += 2) {
                cells[i] = i % 4 == 0 ? new Cell() : new TaggedCell(); // odd ones stay null until written
            }
            Distribution d = args.integer("cyclic", 0) == 1 ? Distribution.CYCLIC : Distribution.BLOCK;
            pool.register(cells, args.integer("block", 1), d);
            made = pool.register(new long[threads() * CELLS], CELLS);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] mine = new long[CELLS];
            long[] lastSeen = new long[CELLS];
            int ops = args.integer("ops", 500);
            for (int op = 0; op < ops; op++) {
                int k = choices.nextInt(CELLS);
                switch (choices.nextInt(4)) {
                    case 0, 1 -> incrementOne(k, choices, mine, lastSeen);
                    case 2 -> incrementRange(k, Math.min(CELLS, k + 1 + choices.nextInt(MAX_RANGE)), mine, lastSeen);
                    default -> readUnderLock(k, lastSeen);
                }
                if (pauses.nextInt(16) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(50_000));
                }
            }
            pool.acquire(made, myThread() * CELLS);
            System.arraycopy(mine, 0, made, myThread() * CELLS, CELLS);
            pool.release(made, myThread() * CELLS);
            barrier();
            pool.update(made);
            pool.update(cells);
            for (int i = 0; i < CELLS; i++) {
                long expected = 0;
                for (int t = 0; t < threads(); t++) {
                    expected += made[t * CELLS + i];
                }
                int index = i;
                Check.equal(expected, count(i), () -> "cell " + index + " at the end (lost increments)");
            }
        }

        private void incrementOne(int k, Random choices, long[] mine, long[] lastSeen) {
            pool.lock(group(k));
            beginWrites(k, k + 1);
            long seen = checked(k, lastSeen);
            if (cells[k] == null || choices.nextInt(3) == 0) {
                Cell next = choices.nextBoolean() ? new Cell() : new TaggedCell();
                next.count = seen;
                cells[k] = next; // replaced, maybe by the other class
            }
            ((Cell) cells[k]).increment(myThread());
            mine[k]++;
            lastSeen[k] = seen + 1;
            endWrites(k, k + 1);
            pool.unlock(group(k));
        }

        /** Takes every group lock in order (a range spans groups), then the range's blocks in one call. */
        private void incrementRange(int from, int to, long[] mine, long[] lastSeen) {
            for (int g = 0; g < GROUPS; g++) {
                pool.lock("cells-" + g);
            }
            beginWrites(from, to);
            for (int k = from; k < to; k++) {
                long seen = checked(k, lastSeen);
                if (cells[k] == null) {
                    cells[k] = new Cell();
                }
                ((Cell) cells[k]).increment(myThread()); // in place
                mine[k]++;
                lastSeen[k] = seen + 1;
            }
            endWrites(from, to);
            for (int g = GROUPS - 1; g >= 0; g--) {
                pool.unlock("cells-" + g);
            }
        }

        /** Write access to cells {@code [from, to)}: acquired, or made current and write-checked (published at the unlock). */
        private void beginWrites(int from, int to) {
            if (plain) {
                pool.update(cells, from, to);
                for (int k = from; k < to; k++) {
                    pool.writeCheck(cells, k);
                }
            } else {
                pool.acquire(cells, from, to);
            }
        }

        private void endWrites(int from, int to) {
            if (!plain) {
                pool.release(cells, from, to);
            }
        }

        /** Every write of element k holds its group lock, so the lock alone orders this read after them. */
        private void readUnderLock(int k, long[] lastSeen) {
            pool.lock(group(k));
            pool.update(cells, k);
            lastSeen[k] = checked(k, lastSeen);
            pool.unlock(group(k));
        }

        /** Cell k's count after checking it is whole and not older than this thread saw last. */
        private long checked(int k, long[] lastSeen) {
            Cell c = (Cell) cells[k];
            if (c == null) {
                Check.that(lastSeen[k] == 0, () -> "cell " + k + " is null again after count " + lastSeen[k]);
                return 0;
            }
            long count = c.count;
            long stamp = c.stamp;
            Check.that(stamp / Cell.STAMP == count && stamp % Cell.STAMP < threads(),
                    () -> "cell " + k + " is torn: count " + count + ", stamp " + stamp);
            Check.that(count >= lastSeen[k], () -> "cell " + k + " went back from " + lastSeen[k] + " to " + count);
            return count;
        }

        private long count(int k) {
            return cells[k] == null ? 0 : ((Cell) cells[k]).count;
        }

        private static String group(int k) {
            return "cells-" + k % GROUPS;
        }
    }
}
