package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Barriers with many threads per node and many nodes, with lock traffic and asynchronous operations
 * in flight across them: what every thread wrote before a barrier must be seen by every thread
 * after it, counters incremented under locks must be exact at each barrier, and an
 * {@code acquireAsync} started before a barrier and touched after it must bring the block with
 * every write the barrier ordered before it.
 */
class CrowdedBarrierTest {

    static Stream<Arguments> runs() {
        return Stream.concat(
                Jobs.everyProtocol(List.of(new Shape(4, 4), new Shape(8, 2), new Shape(2, 8)), List.of("local")),
                Jobs.everyProtocol(List.of(new Shape(4, 3), new Shape(2, 6)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void everyThreadSeesWhatEveryThreadWroteBeforeEachBarrier(String protocol, Shape shape, String comm) {
        for (int seed = 1; seed <= 2; seed++) {
            Jobs.runOver(comm, CrowdedBarrier.class, protocol, shape, List.of(arg("phases", 8), arg("seed", seed)));
        }
    }

    /**
     * Args: phases, seed. Per phase p, thread t: writes {@code slots[t] = p} (two threads' slots per
     * block, so neighbours on other nodes share blocks); increments {@code counters[(t + p) % COUNTERS]}
     * under its named lock, and a random counter as well; starts {@code updateAsync} of a random
     * block of {@code slots} (touched after the barrier, or never) and {@code acquireAsync} of
     * {@code stage[t]}; seeded pauses throughout. Barrier A. Every thread checks all of {@code slots}
     * and the counter totals against what every thread's seed says, touches its acquire and writes
     * {@code stage[t] = p}. Barrier B. Every thread checks all of {@code stage}. Barrier C.
     */
    public static final class CrowdedBarrier extends Spmd {
        static final int COUNTERS = 5;

        long[] slots;
        long[] stage;
        long[] counters;

        @Override
        public void init() {
            slots = pool.register(new long[threads()], 2);
            stage = pool.register(new long[threads()], 1);
            counters = pool.register(new long[COUNTERS], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 6);
            int me = myThread();
            Random choices = args.choices(me);
            Random pauses = args.pauses(me);
            for (int p = 1; p <= phases; p++) {
                int phase = p;
                pool.acquire(slots, me);
                pause(pauses);
                slots[me] = p;
                pool.release(slots, me);
                increment((me + p) % COUNTERS);
                increment(choices.nextInt(COUNTERS));
                pause(pauses);
                DsmFuture prefetch = pool.updateAsync(slots, choices.nextInt(slots.length));
                boolean touchPrefetch = choices.nextBoolean();
                DsmFuture staged = pool.acquireAsync(stage, me); // in flight across barrier A
                pause(pauses);
                barrier(); // A

                if (touchPrefetch) {
                    prefetch.touch();
                }
                pool.update(slots);
                for (int t = 0; t < threads(); t++) {
                    int thread = t;
                    Check.equal(p, slots[t], () -> "phase " + phase + ": slots[" + thread + "] after barrier A");
                }
                long[] expected = expectedCounters(p);
                pool.update(counters);
                for (int c = 0; c < COUNTERS; c++) {
                    int counter = c;
                    Check.equal(expected[c], counters[c], () -> "phase " + phase + ": counters[" + counter + "] after barrier A");
                }
                Check.that(staged.touch() == stage, () -> "acquireAsync(stage).touch() did not return the array");
                Check.equal(p - 1, stage[me], () -> "phase " + phase + ": own stage element once acquired");
                stage[me] = p;
                pause(pauses);
                pool.release(stage, me);
                barrier(); // B

                pool.update(stage);
                for (int t = 0; t < threads(); t++) {
                    int thread = t;
                    Check.equal(p, stage[t], () -> "phase " + phase + ": stage[" + thread + "] after barrier B");
                }
                barrier(); // C: under sc no block may be held across a barrier that readers of it wait in
            }
        }

        private void increment(int c) {
            pool.lock("counter-" + c);
            pool.acquire(counters, c);
            counters[c]++;
            pool.release(counters, c);
            pool.unlock("counter-" + c);
        }

        /** The counters once every thread has done {@code phases} phases, replayed from every thread's seed. */
        private long[] expectedCounters(int phases) {
            long[] out = new long[COUNTERS];
            JobArgs args = JobArgs.of(this);
            for (int t = 0; t < threads(); t++) {
                Random other = args.choices(t);
                for (int p = 1; p <= phases; p++) {
                    out[(t + p) % COUNTERS]++;
                    out[other.nextInt(COUNTERS)]++;
                    other.nextInt(slots.length);
                    other.nextBoolean();
                }
            }
            return out;
        }

        private static void pause(Random pauses) {
            int p = pauses.nextInt(12);
            if (p == 0) {
                LockSupport.parkNanos(300_000);
            } else if (p < 3) {
                Thread.yield();
            }
        }
    }
}
