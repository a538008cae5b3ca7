package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Several threads per node mixing every kind of synchronization on data homed all over the job:
 * slices of a cyclic array whose block length does not divide the slice (so neighbouring slices
 * share blocks and every slice spans several homes) are rewritten by a range acquire, by
 * {@code acquireAsync} of one block after another, or by instrumented writes; counters homed on
 * other nodes than their locks' managers are incremented under one lock or two nested ones (taken
 * in ascending order); and the slice read after the barrier is prefetched by {@code updateAsync}
 * before it, touched after it by some threads and never by others. Checked: a counter never goes
 * back under its lock; after each barrier the neighbour's slice holds exactly what its owner wrote
 * this phase and every counter the increments the seeded choices made.
 */
class MixedSyncOverHomesTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocol(List.of(new Shape(2, 4), new Shape(3, 3)), List.of("local", "chaos"));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void everySynchronizationKindOverForeignHomesLosesNothing(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, MixedSync.class, protocol, shape, List.of(arg("phases", comm.equals("chaos") ? 4 : 8), arg("seed", 29)));
    }

    public static final class MixedSync extends Spmd {
        static final int SLICE = 8;
        static final int BLOCK = 3;
        static final int COUNTERS = 12;
        static final int COUNTER_OPS = 6;

        private long[] data;
        private long[] counters;

        @Override
        public void init() {
            data = pool.register(new long[threads() * SLICE], BLOCK, Distribution.CYCLIC);
            counters = pool.register(new long[COUNTERS], 1, Distribution.CYCLIC);
        }

        /** What the owner of element {@code i} wrote in phase {@code p} (0 before any). */
        private long value(int p, int i) {
            return p == 0 ? 0 : ((long) p << 32) | ((long) ownerOf(i / SLICE, p) << 16) | i;
        }

        private int ownerOf(int slice, int p) {
            return Math.floorMod(slice - p, threads());
        }

        /** One phase's counter increments of a thread, replayable from its seeded choices: one counter, or two nested. */
        private static void counterOps(Random choices, IntConsumer single, java.util.function.BiConsumer<Integer, Integer> nested) {
            for (int k = 0; k < COUNTER_OPS; k++) {
                int a = choices.nextInt(COUNTERS);
                int b = choices.nextInt(COUNTERS);
                if (a == b) {
                    single.accept(a);
                } else {
                    nested.accept(Math.min(a, b), Math.max(a, b));
                }
            }
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 4);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[COUNTERS];
            for (int p = 1; p <= phases; p++) {
                int slice = (myThread() + p) % threads();
                writeSlice(slice * SLICE, (slice + 1) * SLICE, p, pauses);
                counterOps(choices, c -> increment(c, lastSeen, pauses), (a, b) -> {
                    pool.lock("counter-" + a);
                    increment(b, lastSeen, pauses); // nested: b's lock inside a's
                    pool.unlock("counter-" + a);
                });
                int readSlice = (slice + 1) % threads();
                int from = readSlice * SLICE;
                DsmFuture prefetch = pool.updateAsync(data, from, from + SLICE);
                barrier();
                if (myThread() % 2 == 0) {
                    prefetch.touch();
                }
                pool.update(data, from, from + SLICE);
                for (int i = from; i < from + SLICE; i++) {
                    int index = i;
                    int phase = p;
                    Check.equal(value(p, i), data[i], () -> "phase " + phase + ", element " + index + " of the neighbour's slice");
                }
                checkCounters(args, p);
                barrier();
            }
        }

        private void writeSlice(int from, int to, int p, Random pauses) {
            switch (pauses.nextInt(3)) {
                case 0 -> {
                    pool.acquire(data, from, to);
                    for (int i = from; i < to; i++) {
                        data[i] = value(p, i);
                        JobArgs.maybePause(pauses, 5, 100_000);
                    }
                    pool.release(data, from, to);
                }
                case 1 -> {
                    // One block at a time, in ascending order, all held until the end.
                    List<Integer> held = new ArrayList<>();
                    for (int i = from; i < to; i = (i / BLOCK + 1) * BLOCK) {
                        pool.acquireAsync(data, i).touch();
                        held.add(i);
                        for (int j = i; j < Math.min(to, (i / BLOCK + 1) * BLOCK); j++) {
                            data[j] = value(p, j);
                        }
                        JobArgs.maybePause(pauses, 5, 100_000);
                    }
                    for (int i : held) {
                        pool.release(data, i);
                    }
                }
                default -> {
                    for (int i = from; i < to; i++) {
                        pool.writeCheck(data, i); // published at this thread's next synchronization
                        data[i] = value(p, i);
                    }
                }
            }
        }

        private void increment(int c, long[] lastSeen, Random pauses) {
            pool.lock("counter-" + c);
            pool.update(counters, c);
            long seen = counters[c];
            Check.that(seen >= lastSeen[c], () -> "counter " + c + " went back from " + lastSeen[c] + " to " + seen + " under its lock");
            JobArgs.maybePause(pauses, 5, 100_000);
            pool.acquire(counters, c);
            counters[c] = seen + 1;
            pool.release(counters, c);
            lastSeen[c] = seen + 1;
            pool.unlock("counter-" + c);
        }

        private void checkCounters(JobArgs args, int phases) {
            long[] expected = new long[COUNTERS];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int p = 0; p < phases; p++) {
                    counterOps(replay, c -> expected[c]++, (a, b) -> expected[b]++);
                }
            }
            pool.update(counters);
            for (int c = 0; c < COUNTERS; c++) {
                int counter = c;
                Check.equal(expected[c], counters[c], () -> "counter " + counter + " after phase " + phases + " (lost increments)");
            }
        }
    }
}
