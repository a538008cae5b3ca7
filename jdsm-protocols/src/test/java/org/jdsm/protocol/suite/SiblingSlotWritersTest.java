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
 * Counters that share a block, each guarded by its own lock, incremented with instrumented-style
 * checks ({@code readCheck}/{@code writeCheck}, no acquire): threads of one node keep writing
 * different slots of the same block at the same time, each under a different lock, while the lock
 * grants they receive name that block as written elsewhere. A thread must still read its slot's
 * latest value under the slot's lock, even while a sibling thread has unpublished writes to
 * another slot of the block. Checked: a slot never goes back under its lock, and after a barrier
 * every slot holds exactly the number of increments the threads' seeded choices made.
 */
class SiblingSlotWritersTest {

    private static final List<Shape> SHAPES = List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1));

    static Stream<Arguments> runs() {
        return Jobs.everyProtocol(SHAPES, List.of("local", "chaos"));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void slotIncrementsUnderTheirOwnLocksAreNeverLost(String protocol, Shape shape, String comm) {
        // LRC used to lose increments here: a stale copy was not refetched while a sibling wrote the block.
        runSlotCounters(protocol, shape, comm);
    }

    private static void runSlotCounters(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("iterations", Math.max(40, 320 / shape.threads())), arg("seed", 7));
        Jobs.runOver(comm, SlotCounters.class, protocol, shape, args);
    }

    /**
     * {@code SLOTS} counters in two blocks (homed on nodes 0 and 1); slot s is guarded by lock
     * {@code "slot-" + s}. Each thread, {@code iterations} times: picks a slot at random, locks it,
     * reads it, pauses now and then, writes it plus one, unlocks.
     */
    public static final class SlotCounters extends Spmd {
        static final int SLOTS = 8;

        private long[] slots;

        @Override
        public void init() {
            slots = pool.register(new long[SLOTS], SLOTS / 2);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int iterations = args.integer("iterations", 40);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[SLOTS];
            for (int i = 0; i < iterations; i++) {
                int s = choices.nextInt(SLOTS);
                pool.lock("slot-" + s);
                pool.readCheck(slots, s);
                long seen = slots[s];
                int slot = s;
                int iteration = i;
                Check.that(seen >= lastSeen[s], () -> "iteration " + iteration + ": slot " + slot + " went back from "
                        + lastSeen[slot] + " to " + seen + " under its lock (stale copy: an increment will be lost)");
                if (pauses.nextInt(4) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(300_000));
                }
                pool.writeCheck(slots, s);
                slots[s] = seen + 1;
                lastSeen[s] = seen + 1;
                if (pauses.nextInt(4) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(300_000));
                }
                pool.unlock("slot-" + s);
            }
            barrier();
            long[] expected = new long[SLOTS];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int i = 0; i < iterations; i++) {
                    expected[replay.nextInt(SLOTS)]++;
                }
            }
            for (int s = 0; s < SLOTS; s++) {
                pool.readCheck(slots, s);
                int slot = s;
                Check.equal(expected[s], slots[s], () -> "slot " + slot + " after the barrier (lost increments)");
            }
            barrier();
        }
    }
}
