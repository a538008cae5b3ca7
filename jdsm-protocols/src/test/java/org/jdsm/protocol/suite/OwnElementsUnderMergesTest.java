package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every thread keeps writing its own element of a block, several times between synchronizations,
 * while other elements of the same block (lock-guarded counters) change on other nodes and on the
 * same node. Under LRC the lock grants name those blocks, so a node refetches them while sibling
 * threads have unpublished writes, again and again before those writers release: each refetch
 * merges under the local writes (twin replaced, base advanced). Checked: a thread reads back its
 * own last write whenever it looks, a counter never goes back under its lock, and after each
 * barrier every element equals the oracle (own elements: the writer's last sequence number;
 * counters: the number of increments the seeded choices made).
 */
class OwnElementsUnderMergesTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void ownElementsAndCountersSurviveRepeatedMerges(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 3), arg("iterations", Math.max(8, 64 / shape.threads())), arg("seed", 23));
        Jobs.runOver(comm, OwnElements.class, protocol, shape, args);
    }

    /**
     * {@code cells[2t]} is thread t's own element (only t writes it: {@code t * 1e6 + seq}),
     * {@code cells[2k+1]} counter k, guarded by lock {@code "c-" + k}; blocks of 4 elements, so each
     * block holds two threads' own elements and two counters. Each iteration: thread t writes its own
     * element 1-3 times with pauses (one write check, no synchronization in between), then locks a
     * random counter, checks its own element and the counter, increments the counter, pauses, unlocks.
     */
    public static final class OwnElements extends Spmd {
        private static final long WRITER = 1_000_000L;

        private long[] cells;

        @Override
        public void init() {
            cells = pool.register(new long[2 * threads()], 4);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int iterations = args.integer("iterations", 8);
            int me = myThread();
            Random choices = args.choices(me);
            Random pauses = args.pauses(me);
            long[] lastSeen = new long[threads()];
            long seq = 0;
            for (int phase = 0; phase < phases; phase++) {
                for (int i = 0; i < iterations; i++) {
                    int writes = 1 + choices.nextInt(3);
                    int k = choices.nextInt(threads());
                    pool.writeCheck(cells, 2 * me);
                    for (int w = 0; w < writes; w++) {
                        long mine = seq == 0 ? 0 : me * WRITER + seq;
                        long seen = cells[2 * me];
                        long at = seq;
                        Check.equal(mine, seen, () -> "own element of thread " + me + " before write " + (at + 1)
                                + " (a refetch merged over this thread's unpublished write?)");
                        cells[2 * me] = me * WRITER + ++seq;
                        if (pauses.nextInt(3) == 0) {
                            LockSupport.parkNanos(pauses.nextInt(200_000));
                        }
                    }
                    pool.lock("c-" + k);
                    pool.readCheck(cells, 2 * me);
                    long own = cells[2 * me];
                    long last = me * WRITER + seq;
                    Check.equal(last, own, () -> "own element of thread " + me + " after locking c-" + k);
                    pool.readCheck(cells, 2 * k + 1);
                    long count = cells[2 * k + 1];
                    int iteration = i;
                    Check.that(count >= lastSeen[k], () -> "iteration " + iteration + ": counter " + k + " went back from "
                            + lastSeen[k] + " to " + count + " under its lock");
                    pool.writeCheck(cells, 2 * k + 1);
                    cells[2 * k + 1] = count + 1;
                    lastSeen[k] = count + 1;
                    if (pauses.nextInt(3) == 0) {
                        LockSupport.parkNanos(pauses.nextInt(200_000));
                    }
                    pool.unlock("c-" + k);
                }
                barrier();
                checkOracle(phase + 1, iterations, args);
                barrier();
            }
        }

        /** Replays every thread's choices for {@code phases} phases and compares every element. */
        private void checkOracle(int phases, int iterations, JobArgs args) {
            long[] counters = new long[threads()];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                long seq = 0;
                for (int i = 0; i < phases * iterations; i++) {
                    seq += 1 + replay.nextInt(3);
                    counters[replay.nextInt(threads())]++;
                }
                int thread = t;
                pool.readCheck(cells, 2 * t);
                Check.equal(t * WRITER + seq, cells[2 * t], () -> "own element of thread " + thread + " after phase " + phases);
            }
            for (int k = 0; k < threads(); k++) {
                int counter = k;
                pool.readCheck(cells, 2 * k + 1);
                Check.equal(counters[k], cells[2 * k + 1], () -> "counter " + counter + " after phase " + phases + " (lost increments)");
            }
        }
    }
}
