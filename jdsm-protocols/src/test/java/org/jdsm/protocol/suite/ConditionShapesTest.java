package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shapes of condition waits that {@link ConditionWaitTest} does not take: every thread of many
 * nodes waiting at once (a barrier made of {@code await}/{@code signalAll}, 16x1 and 4x4), a lock
 * held across many waits so that only the waits publish the holder's writes, and short timed waits
 * at random nesting depths racing with signals.
 */
class ConditionShapesTest {

    static Stream<Arguments> manyWaiters() {
        return Jobs.localAndChaos(List.of(new Shape(16, 1), new Shape(4, 4), new Shape(1, 3)), new Shape(4, 2));
    }

    static Stream<Arguments> fewShapes() {
        return Jobs.localAndChaos(List.of(new Shape(2, 2), new Shape(3, 1), new Shape(1, 2)), new Shape(3, 2));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("manyWaiters")
    @Timeout(60)
    void aBarrierMadeOfConditionWaitsLetsEveryThreadThroughSeeingEveryWrite(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, GateBarrier.class, protocol, shape, List.of(arg("rounds", comm.equals("chaos") ? 4 : 10)));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("fewShapes")
    @Timeout(60)
    void aLockHeldAcrossEveryTurnPublishesWritesAtEachWait(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, HeldAcrossWaits.class, protocol, shape, List.of(arg("rounds", comm.equals("chaos") ? 5 : 15)));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("fewShapes")
    @Timeout(60)
    void shortTimedWaitsAtRandomDepthsKeepTheLockAndEveryCount(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, ShortTimedWaits.class, protocol, shape, List.of(arg("rounds", comm.equals("chaos") ? 8 : 30), arg("seed", 7)));
    }

    /**
     * A barrier made of a generation counter under the named lock "gate": the last thread to arrive
     * starts the next generation and signals, the others wait for it. Before arriving each thread
     * writes the round into its own slot (a block of its own, taken with {@code acquireAsync}); once
     * through, every thread must read every slot at this round, since each was written before its
     * writer took the lock.
     */
    public static final class GateBarrier extends Spmd {
        private long[] gate; // [0]: arrived in this generation, [1]: generation
        private long[] slots;

        @Override
        public void init() {
            gate = pool.register(new long[2], 2);
            slots = pool.register(new long[threads()], 1);
        }

        @Override
        public void start() {
            int rounds = JobArgs.of(this).integer("rounds", 5);
            int me = myThread();
            for (int r = 1; r <= rounds; r++) {
                pool.acquireAsync(slots, me).touch();
                slots[me] = r;
                pool.release(slots, me);
                pool.lock("gate");
                pool.update(gate);
                long generation = gate[1];
                pool.acquire(gate);
                boolean last = ++gate[0] == threads();
                if (last) {
                    gate[0] = 0;
                    gate[1]++;
                }
                pool.release(gate);
                if (last) {
                    pool.signalAll("gate");
                }
                while (gate[1] == generation) {
                    pool.await("gate");
                    pool.update(gate);
                }
                Check.equal(generation + 1, gate[1], () -> "generation after the gate");
                pool.unlock("gate");
                pool.update(slots);
                for (int t = 0; t < threads(); t++) {
                    int thread = t;
                    int round = r;
                    Check.that(slots[t] >= r, () -> "slot of thread " + thread + " after gate " + round + ": " + slots[thread]);
                }
            }
            barrier();
        }
    }

    /**
     * The threads take turns in thread order on the lock of a registered object, which each takes
     * twice at the start and lets go of only in its waits until its last turn: only the waits
     * publish what it wrote on its turns. On its turn a thread checks that the previous thread's
     * slot holds the previous pass, writes its own slot and the counter, and signals.
     */
    public static final class HeldAcrossWaits extends Spmd {
        private long[] turn;
        private long[] slots;

        @Override
        public void init() {
            turn = pool.register(new long[1], 1);
            slots = pool.register(new long[threads()], 1);
        }

        @Override
        public void start() {
            int rounds = JobArgs.of(this).integer("rounds", 5);
            int me = myThread();
            int previous = (me + threads() - 1) % threads();
            pool.lock(turn);
            pool.lock(turn);
            for (int r = 0; r < rounds; r++) {
                long mine = (long) r * threads() + me;
                pool.update(turn);
                while (turn[0] != mine) {
                    Check.that(turn[0] < mine, () -> "thread " + me + " missed its pass " + mine + ": counter at " + turn[0]);
                    pool.await(turn);
                    pool.update(turn);
                }
                if (mine > 0) {
                    pool.update(slots, previous);
                    Check.equal(mine, slots[previous], () -> "slot of thread " + previous + " on pass " + mine);
                }
                pool.acquire(slots, me);
                slots[me] = mine + 1;
                pool.release(slots, me);
                pool.acquire(turn);
                turn[0] = mine + 1;
                pool.release(turn);
                pool.signalAll(turn);
            }
            pool.unlock(turn);
            pool.unlock(turn);
            barrier();
            pool.update(turn);
            Check.equal((long) rounds * threads(), turn[0], () -> "passes after the barrier");
        }
    }

    /**
     * Each thread adds to a counter under the lock "c", taken 1 to 3 deep, and in between waits on
     * it for 1 to 3 ms while other threads signal at random: every wait must return holding the
     * lock as deeply as before (the unlocks balance) and last its time unless woken, and every add
     * must count.
     */
    public static final class ShortTimedWaits extends Spmd {
        private long[] counter;

        @Override
        public void init() {
            counter = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            int rounds = JobArgs.of(this).integer("rounds", 10);
            Random choices = JobArgs.of(this).choices(myThread());
            for (int r = 0; r < rounds; r++) {
                int depth = 1 + choices.nextInt(3);
                for (int d = 0; d < depth; d++) {
                    pool.lock("c");
                }
                pool.acquire(counter);
                counter[0]++;
                pool.release(counter);
                if (choices.nextBoolean()) {
                    pool.signalAll("c");
                }
                long millis = 1 + choices.nextInt(3);
                long began = System.nanoTime();
                boolean woken = pool.await("c", millis);
                long tookMicros = (System.nanoTime() - began) / 1_000;
                Check.that(woken || tookMicros >= millis * 1_000, () -> "a " + millis + " ms wait ran out after " + tookMicros + " us");
                pool.update(counter);
                pool.acquire(counter);
                counter[0]++;
                pool.release(counter);
                for (int d = 0; d < depth; d++) {
                    pool.unlock("c");
                }
            }
            barrier();
            pool.update(counter);
            Check.equal(2L * rounds * threads(), counter[0], () -> "adds after the barrier");
        }
    }
}
