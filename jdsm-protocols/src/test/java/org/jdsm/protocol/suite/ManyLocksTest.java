package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
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
 * Hundreds of locks, each guarding one counter of a shared array whose blocks are homed on other
 * nodes than the locks' managers and holders, with long stretches of lock traffic between
 * barriers: lock ping-pong on a few hot locks (cached tokens going back and forth, write notices
 * travelling both ways), cold locks taken once in a while (their tokens cached for a long time on
 * nodes that moved on), and, under LRC, more intervals between two barriers than the interval log's
 * collection threshold, so collection rounds run in the middle of the lock traffic. Every counter
 * records its last writer, so a value nobody wrote is named. Checked: under its lock a counter
 * never goes back and always shows a real writer; after each barrier every counter holds exactly
 * the increments the threads' seeded choices made so far.
 */
class ManyLocksTest {

    static Stream<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (String p : Suite.protocols()) {
            for (Shape s : List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1), new Shape(8, 1))) {
                out.add(Arguments.of(p, s, "acquire", "local"));
            }
            // Instrumented-style writes of counters sharing a block from several nodes at once (one
            // thread per node: see SiblingSlotWritersTest for several).
            out.add(Arguments.of(p, new Shape(4, 1), "check", "local"));
            out.add(Arguments.of(p, new Shape(8, 1), "check", "local"));
            // Reordered messages: far fewer operations (each lock hand-over waits milliseconds).
            out.add(Arguments.of(p, new Shape(3, 2), "acquire", "chaos"));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} over {3}")
    @MethodSource("runs")
    @Timeout(60)
    void countersUnderHundredsOfLocksLoseNoIncrement(String protocol, Shape shape, String style, String comm) {
        // Over local: about 5000 lock hand-overs between two barriers (LRC's collection threshold is 1024 intervals).
        int ops = comm.equals("chaos") ? 600 / shape.threads() : 10_000 / shape.threads();
        List<String> args = List.of(arg("ops", ops), arg("segments", 2), arg("seed", 3),
                arg("check", style.equals("check") ? 1 : 0));
        Jobs.runOver(comm, ManyLocks.class, protocol, shape, args);
    }

    /**
     * {@code LOCKS} counters in blocks of 4; counter k is guarded by lock {@code "many-" + k}.
     * A counter holds {@code count << 16 | (last writer + 1)}. Each thread makes {@code ops}
     * increments in {@code segments} stretches separated by barriers; half of its picks go to
     * {@code HOT} hot counters.
     */
    public static final class ManyLocks extends Spmd {
        static final int LOCKS = 320;
        static final int HOT = 6;

        private long[] counters;

        @Override
        public void init() {
            counters = pool.register(new long[LOCKS], 4);
        }

        static int pick(Random r) {
            return r.nextBoolean() ? r.nextInt(HOT) * (LOCKS / HOT) : r.nextInt(LOCKS);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int ops = args.integer("ops", 300);
            int segments = args.integer("segments", 2);
            long seed = args.longValue("seed", 1);
            boolean checkStyle = args.integer("check", 0) == 1;
            Random choices = args.choices(myThread());
            Random pauses = new Random(seed * 17 + myThread());
            long[] lastSeen = new long[LOCKS];
            int perSegment = ops / segments;
            for (int seg = 1; seg <= segments; seg++) {
                for (int i = 0; i < perSegment; i++) {
                    int k = pick(choices);
                    String lock = "many-" + k;
                    pool.lock(lock);
                    if (checkStyle) {
                        pool.readCheck(counters, k);
                    } else {
                        pool.acquire(counters, k);
                    }
                    long seen = counters[k];
                    int counter = k;
                    int writer = (int) (seen & 0xFFFF) - 1;
                    Check.that(seen == 0 || writer >= 0 && writer < threads(), () -> "counter " + counter + " holds " + seen
                            + ", which no thread wrote");
                    Check.that(seen >>> 16 >= lastSeen[k], () -> "counter " + counter + " went back from count "
                            + lastSeen[counter] + " to " + (seen >>> 16) + " under its lock");
                    if (pauses.nextInt(32) == 0) {
                        LockSupport.parkNanos(pauses.nextInt(100_000));
                    }
                    long next = ((seen >>> 16) + 1) << 16 | (myThread() + 1);
                    if (checkStyle) {
                        pool.writeCheck(counters, k);
                        counters[k] = next;
                    } else {
                        counters[k] = next;
                        pool.release(counters, k);
                    }
                    lastSeen[k] = next >>> 16;
                    pool.unlock(lock);
                }
                barrier();
                long[] expected = expectedCounts(args, seg * perSegment);
                pool.update(counters, 0, LOCKS);
                for (int k = 0; k < LOCKS; k++) {
                    int counter = k;
                    int segment = seg;
                    Check.equal(expected[k], counters[k] >>> 16, () -> "counter " + counter + " after segment " + segment);
                }
                barrier();
            }
        }

        /** How many increments each counter has after every thread made its first {@code ops} picks. */
        private long[] expectedCounts(JobArgs args, int ops) {
            long[] expected = new long[LOCKS];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int i = 0; i < ops; i++) {
                    expected[pick(replay)]++;
                }
            }
            return expected;
        }
    }
}
