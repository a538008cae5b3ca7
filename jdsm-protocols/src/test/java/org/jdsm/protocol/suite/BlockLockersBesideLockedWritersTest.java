package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Small blocks of two counters: the first element is incremented only by block-lock writers
 * ({@code acquire}/{@code acquireAsync} ... {@code release}, often at the block's home), the second
 * only by instrumented writers under a named lock per block, from any node, at the same time (under
 * LRC two writers of one block, whose diffs and lock grants take different paths between 3+ nodes).
 * Meanwhile each thread prefetches the whole array in one {@code updateAsync} (under LRC, batched
 * fetches per home) at the start of each phase, touched mid-phase or never, so batches are in flight
 * while grants invalidate their blocks. Checked: the locked counter never goes back under its lock,
 * and after each barrier every counter equals the number of increments the seeded choices made.
 */
class BlockLockersBesideLockedWritersTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void blockLockAndNamedLockCountersInOneBlockLoseNothing(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 3), arg("iterations", Math.max(8, 72 / shape.threads())), arg("seed", 41));
        Jobs.runOver(comm, MixedWriters.class, protocol, shape, args);
    }

    /**
     * {@code BLOCKS} blocks of 2 longs, block-distributed. Each iteration picks a block and one of:
     * increment element 0 under {@code acquire}, the same with {@code acquireAsync} touched after a
     * pause, or increment element 1 under lock {@code "x-" + block} with read/write checks.
     */
    public static final class MixedWriters extends Spmd {
        static final int BLOCKS = 24;

        private long[] cells;

        @Override
        public void init() {
            cells = pool.register(new long[2 * BLOCKS], 2);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int iterations = args.integer("iterations", 8);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[BLOCKS];
            for (int phase = 0; phase < phases; phase++) {
                DsmFuture prefetch = pool.updateAsync(cells, 0, cells.length);
                int touchAt = pauses.nextInt(iterations + 1); // == iterations: never touched
                for (int i = 0; i < iterations; i++) {
                    if (i == touchAt) {
                        prefetch.touch(); // contents racy here: only that it completes matters
                    }
                    int b = choices.nextInt(BLOCKS);
                    int op = choices.nextInt(3);
                    if (op == 0) {
                        pool.acquire(cells, 2 * b);
                        cells[2 * b]++;
                        JobArgs.maybePause(pauses, 3, 150_000);
                        pool.release(cells, 2 * b);
                    } else if (op == 1) {
                        DsmFuture held = pool.acquireAsync(cells, 2 * b);
                        JobArgs.maybePause(pauses, 3, 150_000);
                        held.touch();
                        cells[2 * b]++;
                        pool.release(cells, 2 * b);
                    } else {
                        pool.lock("x-" + b);
                        pool.readCheck(cells, 2 * b + 1);
                        long seen = cells[2 * b + 1];
                        int block = b;
                        Check.that(seen >= lastSeen[b], () -> "counter 1 of block " + block + " went back from "
                                + lastSeen[block] + " to " + seen + " under its lock");
                        JobArgs.maybePause(pauses, 3, 150_000);
                        pool.writeCheck(cells, 2 * b + 1);
                        cells[2 * b + 1] = seen + 1;
                        lastSeen[b] = seen + 1;
                        JobArgs.maybePause(pauses, 3, 150_000);
                        pool.unlock("x-" + b);
                    }
                }
                barrier();
                checkOracle(phase + 1, iterations, args);
                barrier();
            }
        }


        private void checkOracle(int phases, int iterations, JobArgs args) {
            long[] expected = new long[2 * BLOCKS];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int i = 0; i < phases * iterations; i++) {
                    int b = replay.nextInt(BLOCKS);
                    expected[2 * b + (replay.nextInt(3) == 2 ? 1 : 0)]++;
                }
            }
            pool.update(cells, 0, cells.length);
            for (int e = 0; e < expected.length; e++) {
                int element = e;
                Check.equal(expected[e], cells[e], () -> "counter " + element % 2 + " of block " + element / 2
                        + " after phase " + phases + " (lost increments)");
            }
        }
    }
}
