package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every thread writes its own slot of every block each round, visiting the blocks in a seeded
 * shuffled order and choosing per block between an instrumented write (held until its next
 * synchronization under SC, so crossed orders make SC give written blocks up to avoid deadlock),
 * an explicit acquire, and {@code acquireAsync}: ownership of each block passes between all nodes
 * many times per round. Between writes a thread reads other blocks (racily, while their owners move
 * them on) and checks each slot holds its thread's value of this round or the last; and it
 * increments a counter homed on another node under {@code lock(counters)}. After each barrier
 * every slot holds exactly this round's value and every counter its exact count.
 */
class CrossedOrderWritersTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocol(List.of(new Shape(3, 3), new Shape(4, 2), new Shape(2, 4)), List.of("local", "chaos"));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void crossedOrderWritersAndRacingReadersLoseNothing(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, CrossedOrderWriters.class, protocol, shape, List.of(arg("rounds", comm.equals("chaos") ? 4 : 10), arg("seed", 41)));
    }

    /**
     * The same with every thread interrupted through each round's writes and reads (the flag kept
     * set by every DSM wait, cleared before the barrier). An interrupted thread under SC once took
     * its interrupt for a block that came at once, so it never gave its later written blocks up
     * before waiting, and crossed orders could wait for each other for ever.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void interruptedWritersLoseNothingAndKeepTheirInterrupt(String protocol) {
        for (Shape shape : List.of(new Shape(3, 3), new Shape(2, 4))) {
            Jobs.runOver("local", CrossedOrderWriters.class, protocol, shape,
                    List.of(arg("rounds", 10), arg("seed", 41), arg("interrupted", 1)));
        }
    }

    public static final class CrossedOrderWriters extends Spmd {
        static final int BLOCKS = 6;

        private long[] slots;
        private long[] counters;

        @Override
        public void init() {
            slots = pool.register(new long[BLOCKS * threads()], threads(), Distribution.CYCLIC);
            counters = pool.register(new long[nodes()], 1);
        }

        private static long value(int round, int thread) {
            return round == 0 ? 0 : ((long) round << 16) | thread;
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 10);
            boolean interrupted = args.integer("interrupted", 0) == 1; // then no touch(), which an interrupt ends
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            List<Integer> order = new ArrayList<>();
            for (int b = 0; b < BLOCKS; b++) {
                order.add(b);
            }
            for (int p = 1; p <= rounds; p++) {
                Collections.shuffle(order, choices);
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                for (int b : order) {
                    writeSlot(b, p, choices.nextInt(interrupted ? 2 : 3), pauses);
                    readBlock(choices.nextInt(BLOCKS), p, false, !interrupted && choices.nextBoolean());
                }
                incrementCounter((myThread() + p) % nodes());
                Check.that(Thread.interrupted() == interrupted, () -> "the interrupt was not kept through the round's DSM waits");
                barrier();
                for (int b = 0; b < BLOCKS; b++) {
                    readBlock(b, p, true, false);
                }
                checkCounters(p);
                barrier();
            }
        }

        private void writeSlot(int b, int p, int how, Random pauses) {
            int i = b * threads() + myThread();
            switch (how) {
                case 0 -> {
                    pool.readCheck(slots, i);
                    pool.writeCheck(slots, i); // held until the next synchronization
                    slots[i] = value(p, myThread());
                }
                case 1 -> {
                    pool.acquire(slots, i);
                    slots[i] = value(p, myThread());
                    JobArgs.maybePause(pauses, 4, 200_000);
                    pool.release(slots, i);
                }
                default -> {
                    pool.acquireAsync(slots, i).touch();
                    slots[i] = value(p, myThread());
                    pool.release(slots, i);
                }
            }
        }

        /**
         * After the barrier ({@code exact}) each slot holds round p's value; before it, round p's or
         * p - 1's. The block is read as instrumented code does, or through a touched {@code updateAsync}.
         */
        private void readBlock(int b, int p, boolean exact, boolean async) {
            if (async) {
                pool.updateAsync(slots, b * threads(), (b + 1) * threads()).touch();
            } else {
                pool.readCheck(slots, b * threads());
            }
            for (int t = 0; t < threads(); t++) {
                int i = b * threads() + t;
                long seen = slots[i];
                int thread = t;
                Check.that(seen == value(p, t) || !exact && seen == value(p - 1, t), () -> "round " + p + " (seed 41)"
                        + (exact ? " after the barrier" : "") + ": slot of thread " + thread + " in block " + b + " holds " + seen);
            }
        }

        private void incrementCounter(int c) {
            pool.lock(counters); // the lock's manager, the counter's home and this node differ in general
            pool.update(counters, c);
            long seen = counters[c];
            pool.acquire(counters, c);
            counters[c] = seen + 1;
            pool.release(counters, c);
            pool.unlock(counters);
        }

        private void checkCounters(int rounds) {
            pool.update(counters);
            for (int c = 0; c < nodes(); c++) {
                long expected = 0;
                for (int t = 0; t < threads(); t++) {
                    for (int p = 1; p <= rounds; p++) {
                        expected += (t + p) % nodes() == c ? 1 : 0;
                    }
                }
                int counter = c;
                Check.equal(expected, counters[c], () -> "counter " + counter + " after round " + rounds);
            }
        }
    }
}
