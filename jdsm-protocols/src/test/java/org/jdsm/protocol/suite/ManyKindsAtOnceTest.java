package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Many shared arrays of different element kinds, block lengths and distributions in one job, each
 * changed by range operations that cross block and home boundaries: a {@code long[]} in blocks of 3
 * under range acquires, an {@code int[]} in cyclic blocks of 5 taken block by block with
 * {@code acquireAsync} (futures touched last first), a {@code double[]} of one-element cyclic blocks
 * (range acquires or one {@code acquireAsync} per element), a {@code double[][]} registered whole whose
 * elements are counters under their own named locks (instrumented-style checks, so writers of one row
 * merge), {@code long[]} rows registered one by one, some block- and some cyclic-distributed, and a
 * {@code String[]} of counters that start as nulls; readers update random ranges, prefetches are
 * started before barriers and touched after them or never. Checked: after every barrier, at the end
 * of {@code start()} and again in {@code fin()}, every element holds exactly the increments the
 * seeded choices made. (Passed when added: a shape the suite lacked, many objects of every kind at once.)
 */
class ManyKindsAtOnceTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(3, 2), new Shape(8, 1)), new Shape(4, 2));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void everyKindKeepsItsCounts(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, ManyKinds.class, protocol, shape, List.of(arg("rounds", 60), arg("seed", 3)));
    }

    /** One seeded step: what {@code kind} of change, to which row {@code obj}, over {@code [from, to)}, which column, async or not. */
    record Op(int kind, int obj, int from, int to, int which, boolean async) {
    }

    /** Args: rounds, seed. A barrier (and a check) every 20 rounds. */
    public static final class ManyKinds extends Spmd {
        static final int ROWS = 5;
        long[] a;
        int[] b;
        double[] c;
        double[][] m;
        long[][] rows = new long[ROWS][];
        String[] labels;

        @Override
        public void init() {
            a = pool.register(new long[37], 3);
            b = pool.register(new int[29], 5, Distribution.CYCLIC);
            c = pool.register(new double[11], 1, Distribution.CYCLIC);
            m = pool.register(new double[7][5], 2);
            for (int r = 0; r < ROWS; r++) {
                rows[r] = pool.register(new long[9], 4, r % 2 == 0 ? Distribution.BLOCK : Distribution.CYCLIC);
            }
            labels = pool.register(new String[13], 2, Distribution.CYCLIC);
        }

        static Op next(Random r) {
            int kind = r.nextInt(7);
            int len = switch (kind) {
                case 0 -> 37;
                case 1 -> 29;
                case 2 -> 11;
                case 3 -> 7;
                case 4 -> 9;
                case 5 -> 13;
                default -> 37;
            };
            int from = r.nextInt(len);
            int to = from + 1 + r.nextInt(len - from);
            int obj = r.nextInt(ROWS);
            int which = r.nextInt(5);
            return new Op(kind, obj, from, to, which, r.nextBoolean());
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 60);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            List<DsmFuture> prefetches = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                Op op = next(choices);
                run(op, pauses);
                if (round % 20 == 0) {
                    if (pauses.nextBoolean()) {
                        prefetches.add(pool.updateAsync(a, 0, a.length));
                        prefetches.add(pool.updateAsync(labels, 0, labels.length));
                        prefetches.add(pool.updateAsync(rows[myThread() % ROWS]));
                    }
                    barrier();
                    if (pauses.nextBoolean()) {
                        prefetches.forEach(DsmFuture::touch);
                    }
                    prefetches.clear();
                    checkAll(args, round, "after barrier of round " + round);
                    barrier();
                }
            }
            barrier();
            checkAll(args, rounds, "at the end");
            barrier();
        }

        @Override
        public void fin() {
            checkAll(JobArgs.of(this), JobArgs.of(this).integer("rounds", 60), "in fin()");
        }

        private void run(Op op, Random pauses) {
            switch (op.kind()) {
                case 0 -> {
                    pool.acquire(a, op.from(), op.to());
                    for (int i = op.from(); i < op.to(); i++) {
                        a[i]++;
                        JobArgs.maybePause(pauses, 8, 100_000);
                    }
                    pool.release(a, op.from(), op.to());
                }
                case 1 -> {
                    List<DsmFuture> fs = new ArrayList<>();
                    for (int i = op.from(); i < op.to(); i++) {
                        if (i == op.from() || i % 5 == 0) {
                            fs.add(pool.acquireAsync(b, i));
                        }
                    }
                    for (int k = fs.size() - 1; k >= 0; k--) {
                        fs.get(k).touch();
                    }
                    for (int i = op.from(); i < op.to(); i++) {
                        b[i]++;
                    }
                    JobArgs.maybePause(pauses, 8, 100_000);
                    pool.release(b, op.from(), op.to());
                }
                case 2 -> {
                    if (op.async()) {
                        List<DsmFuture> fs = new ArrayList<>();
                        for (int i = op.from(); i < op.to(); i++) {
                            fs.add(pool.acquireAsync(c, i));
                        }
                        fs.forEach(DsmFuture::touch);
                    } else {
                        pool.acquire(c, op.from(), op.to());
                    }
                    for (int i = op.from(); i < op.to(); i++) {
                        c[i] += 1.0;
                    }
                    JobArgs.maybePause(pauses, 8, 100_000);
                    pool.release(c, op.from(), op.to());
                }
                case 3 -> {
                    int row = op.from();
                    int col = op.which();
                    pool.lock("m-" + row + "-" + col);
                    pool.readCheck(m, row);
                    double seen = m[row][col];
                    JobArgs.maybePause(pauses, 8, 100_000);
                    pool.writeCheck(m, row);
                    m[row][col] = seen + 1;
                    pool.unlock("m-" + row + "-" + col);
                }
                case 4 -> {
                    long[] row = rows[op.obj()];
                    pool.acquire(row, op.from(), op.to());
                    for (int i = op.from(); i < op.to(); i++) {
                        row[i]++;
                    }
                    JobArgs.maybePause(pauses, 8, 100_000);
                    pool.release(row, op.from(), op.to());
                }
                case 5 -> {
                    int i = op.from();
                    pool.acquire(labels, i);
                    labels[i] = labels[i] == null ? "1" : String.valueOf(Long.parseLong(labels[i]) + 1);
                    pool.release(labels, i);
                }
                default -> {
                    pool.update(a, op.from() % a.length, a.length);
                    pool.update(m);
                    pool.update(labels, 0, labels.length);
                }
            }
        }

        private void checkAll(JobArgs args, int upTo, String when) {
            long[] ea = new long[a.length];
            long[] eb = new long[b.length];
            long[] ec = new long[c.length];
            long[][] em = new long[7][5];
            long[][] erows = new long[ROWS][9];
            long[] el = new long[labels.length];
            for (int t = 0; t < threads(); t++) {
                Random r = args.choices(t);
                for (int round = 1; round <= upTo; round++) {
                    Op op = next(r);
                    switch (op.kind()) {
                        case 0 -> { for (int i = op.from(); i < op.to(); i++) ea[i]++; }
                        case 1 -> { for (int i = op.from(); i < op.to(); i++) eb[i]++; }
                        case 2 -> { for (int i = op.from(); i < op.to(); i++) ec[i]++; }
                        case 3 -> em[op.from()][op.which()]++;
                        case 4 -> { for (int i = op.from(); i < op.to(); i++) erows[op.obj()][i]++; }
                        case 5 -> el[op.from()]++;
                        default -> { }
                    }
                }
            }
            pool.update(a);
            pool.update(b);
            pool.update(c);
            pool.update(m);
            pool.update(labels);
            for (long[] row : rows) {
                pool.update(row);
            }
            for (int i = 0; i < a.length; i++) {
                int k = i;
                Check.equal(ea[i], a[i], () -> when + ": a[" + k + "]");
            }
            for (int i = 0; i < b.length; i++) {
                int k = i;
                Check.equal(eb[i], b[i], () -> when + ": b[" + k + "]");
            }
            for (int i = 0; i < c.length; i++) {
                int k = i;
                Check.equal(ec[i], (long) c[i], () -> when + ": c[" + k + "]");
            }
            for (int i = 0; i < 7; i++) {
                for (int j = 0; j < 5; j++) {
                    int x = i;
                    int y = j;
                    Check.equal(em[i][j], (long) m[i][j], () -> when + ": m[" + x + "][" + y + "]");
                }
            }
            for (int r = 0; r < ROWS; r++) {
                for (int i = 0; i < 9; i++) {
                    int x = r;
                    int y = i;
                    Check.equal(erows[r][i], rows[r][i], () -> when + ": rows[" + x + "][" + y + "]");
                }
            }
            for (int i = 0; i < labels.length; i++) {
                int k = i;
                Check.equal(el[i], labels[i] == null ? 0 : Long.parseLong(labels[i]), () -> when + ": labels[" + k + "]");
            }
        }
    }
}
