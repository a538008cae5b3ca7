package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
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
 * Every kind of lock at once, under contention: counters under named locks, a single shared object
 * written whole under its object lock and its {@code acquire(obj)}, and range acquires of a
 * {@link Distribution#CYCLIC} array that wrap the homes of every node, with barriers now and then
 * (which trim LRC's interval log). Readers under a lock must see the single object whole (its
 * fields from one write, as a copy homed elsewhere that is written with it) and no counter smaller than one they saw before; the totals must be exact.
 */
class MixedLockKindsTest {

    static Stream<Arguments> runs() {
        return Stream.concat(Jobs.everyProtocol(List.of(new Shape(8, 1), new Shape(4, 2)), List.of("local", "chaos")),
                Jobs.everyProtocol(List.of(new Shape(3, 2)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void everyLockKindKeepsItsCountersExact(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, MixedLockKinds.class, protocol, shape, List.of(arg("rounds", 120), arg("seed", 11)));
    }

    /**
     * Args: rounds, seed. Per round a thread picks (seeded) one of: increment a named-lock counter,
     * write {@code tally} whole, read {@code tally} under its lock, read a named-lock counter under its
     * lock, or increment every element of a range of {@code ring}. A barrier every 40 rounds.
     */
    public static final class MixedLockKinds extends Spmd {
        static final int COUNTERS = 3;
        static final int RING_PER_THREAD = 3;
        static final int BARRIER_EVERY = 40;

        /** A single shared object; every write sets all three fields to one new value. */
        public static final class Tally {
            long count;
            long copyA;
            long copyB;
        }

        Tally tally;
        long[] named;
        /** {@code shadow[k + 1]} and {@code mirror[1]} repeat {@code named[k]} and the tally, written under the same lock, homed elsewhere. */
        long[] shadow;
        long[] mirror;
        long[] ring;

        @Override
        public void init() {
            tally = pool.register(new Tally());
            named = pool.register(new long[COUNTERS], 1);
            shadow = pool.register(new long[COUNTERS + 1], 1, Distribution.CYCLIC);
            mirror = pool.register(new long[2], 1, Distribution.CYCLIC); // mirror[1] lives on node 1, the tally on node 0
            ring = pool.register(new long[threads() * RING_PER_THREAD], 1, Distribution.CYCLIC);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int rounds = args.integer("rounds", 100);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long lastTally = 0;
            long[] lastNamed = new long[COUNTERS];
            for (int r = 1; r <= rounds; r++) {
                int what = choices.nextInt(5);
                int which = choices.nextInt(COUNTERS);
                int from = choices.nextInt(ring.length);
                int length = 1 + choices.nextInt(ring.length - from);
                if (what == 0) {
                    pool.lock("counter-" + which);
                    pool.acquire(named, which);
                    pool.acquire(shadow, which + 1);
                    long seen = checkShadow(which);
                    pause(pauses);
                    named[which] = seen + 1;
                    shadow[which + 1] = seen + 1;
                    pool.release(shadow, which + 1);
                    pool.release(named, which);
                    pool.unlock("counter-" + which);
                    lastNamed[which] = checkMonotonic("named[" + which + "]", lastNamed[which], seen) + 1;
                } else if (what == 1) {
                    pool.lock(tally);
                    pool.acquire(tally);
                    pool.acquire(mirror, 1);
                    long seen = checkWhole();
                    long next = seen + 1;
                    tally.count = next;
                    pause(pauses);
                    tally.copyA = next;
                    tally.copyB = next;
                    mirror[1] = next;
                    pool.release(mirror, 1);
                    pool.release(tally);
                    pool.unlock(tally);
                    lastTally = checkMonotonic("tally", lastTally, seen) + 1;
                } else if (what == 2) {
                    pool.lock(tally);
                    pool.update(tally);
                    pool.update(mirror, 1);
                    long seen = checkWhole();
                    pool.unlock(tally);
                    lastTally = checkMonotonic("tally", lastTally, seen);
                } else if (what == 3) {
                    pool.lock("counter-" + which);
                    pool.update(named, which);
                    pool.update(shadow, which + 1);
                    long seen = checkShadow(which);
                    pool.unlock("counter-" + which);
                    lastNamed[which] = checkMonotonic("named[" + which + "]", lastNamed[which], seen);
                } else {
                    pool.acquire(ring, from, from + length);
                    for (int i = from; i < from + length; i++) {
                        ring[i]++;
                        if (i == from) {
                            pause(pauses);
                        }
                    }
                    pool.release(ring, from, from + length);
                }
                if (r % BARRIER_EVERY == 0) {
                    barrier();
                }
            }
            barrier();
            checkTotals(args, rounds);
        }

        private void checkTotals(JobArgs args, int rounds) {
            long tallyWrites = 0;
            long[] namedWrites = new long[COUNTERS];
            long[] ringWrites = new long[ring.length];
            for (int t = 0; t < threads(); t++) {
                Random other = args.choices(t);
                for (int r = 1; r <= rounds; r++) {
                    int what = other.nextInt(5);
                    int which = other.nextInt(COUNTERS);
                    int from = other.nextInt(ring.length);
                    int length = 1 + other.nextInt(ring.length - from);
                    if (what == 0) {
                        namedWrites[which]++;
                    } else if (what == 1) {
                        tallyWrites++;
                    } else if (what == 4) {
                        for (int i = from; i < from + length; i++) {
                            ringWrites[i]++;
                        }
                    }
                }
            }
            pool.update(tally);
            pool.update(mirror);
            Check.equal(tallyWrites, checkWhole(), () -> "tally.count at the end");
            pool.update(named);
            pool.update(shadow);
            for (int c = 0; c < COUNTERS; c++) {
                int counter = c;
                Check.equal(namedWrites[c], named[c], () -> "named[" + counter + "] at the end");
            }
            pool.update(ring);
            for (int i = 0; i < ring.length; i++) {
                int index = i;
                Check.equal(ringWrites[i], ring[i], () -> "ring[" + index + "] at the end");
            }
        }

        /** The tally's fields, and {@code mirror[1]}, come from one write; returns its count. Under lock(tally). */
        private long checkWhole() {
            long count = tally.count;
            long a = tally.copyA;
            long b = tally.copyB;
            long m = mirror[1];
            Check.that(count == a && a == b && b == m,
                    () -> "tally mixes writes: count " + count + ", copyA " + a + ", copyB " + b + ", mirror[1] " + m);
            return count;
        }

        /** {@code named[k]} and its shadow come from one write; returns the count. Under lock "counter-k". */
        private long checkShadow(int k) {
            long count = named[k];
            long copy = shadow[k + 1];
            Check.that(count == copy, () -> "named[" + k + "] shows " + count + " but its shadow " + copy);
            return count;
        }

        private static long checkMonotonic(String what, long last, long seen) {
            Check.that(seen >= last, () -> what + " showed " + seen + " after " + last + " under its lock");
            return seen;
        }

        private void pause(Random pauses) {
            if (pauses.nextInt(6) == 0) {
                LockSupport.parkNanos(pauses.nextInt(200_000));
            }
        }
    }
}
