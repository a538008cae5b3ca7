package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.jdsm.protocol.suite.JobArgs.seedArg;

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
 * Element references kept across synchronization (README point 7) in a shared {@code Object[]} of
 * two element classes (a subclass among them) and null slots: each thread writes its own elements
 * through references taken once, under {@code acquire} of the element, while counters in the same
 * blocks change under locks on every node and null slots are filled once by whichever thread
 * comes first. Checked: the slot still holds the kept reference after every synchronization, a
 * thread reads back its own last write, counters never go back, and at the end nothing is lost.
 */
class KeptElementReferencesTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocolFor(Arguments.of(new Shape(4, 2), 3), Arguments.of(new Shape(2, 4), 5), Arguments.of(new Shape(3, 3), 1));
    }

    @ParameterizedTest(name = "{0} {1} blocks of {2}")
    @MethodSource("runs")
    @Timeout(120)
    void keptReferencesStayTheElements(String protocol, Shape shape, int block) {
        Jobs.run(KeptReferences.class, protocol, shape, arg("ops", 1600 / shape.threads()), arg("block", block), seedArg(19));
    }

    /** An element with a position and a count. */
    public static class Body {
        public long x;
        public long count;
    }

    /** A subclass element with a field of its own, written in place too. */
    public static final class HeavyBody extends Body {
        public long mass;
    }

    public static final class KeptReferences extends Spmd {
        static final int COUNTERS = 5;

        private Object[] slots;

        /** Slot of thread t's own element; counters and lazily filled slots sit between them. */
        private static int own(int t) {
            return 3 * t;
        }

        private static int counter(int c) {
            return 3 * c + 1;
        }

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            slots = new Object[3 * Math.max(threads(), COUNTERS)];
            for (int t = 0; t < threads(); t++) {
                slots[own(t)] = t % 2 == 0 ? new Body() : new HeavyBody();
            }
            for (int c = 0; c < COUNTERS; c++) {
                slots[counter(c)] = c % 2 == 0 ? new HeavyBody() : new Body();
            }
            pool.register(slots, args.integer("block", 3), Distribution.CYCLIC);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            int me = own(myThread());
            pool.update(slots, me);
            Body mine = (Body) slots[me];
            long[] lastSeen = new long[COUNTERS];
            long[] made = new long[COUNTERS];
            int ops = args.integer("ops", 200);
            for (int op = 1; op <= ops; op++) {
                pool.acquire(slots, me);
                sameElement(me, mine, "acquire");
                Check.equal(op - 1, mine.x, () -> "own element of thread " + myThread() + " before its next write");
                mine.x = op; // through the kept reference
                if (mine instanceof HeavyBody h) {
                    h.mass = op;
                }
                pool.release(slots, me);
                int c = choices.nextInt(COUNTERS);
                pool.lock("counter-" + c);
                pool.acquire(slots, counter(c));
                Body counter = (Body) slots[counter(c)];
                int index = c;
                long seen = counter.count;
                Check.that(seen >= lastSeen[c], () -> "counter " + index + " went back from " + lastSeen[index] + " to " + seen);
                counter.count++;
                lastSeen[c] = seen + 1;
                made[c]++;
                fillOnce(counter(c) + 1);
                pool.release(slots, counter(c));
                pool.unlock("counter-" + c);
                sameElement(me, mine, "a lock");
                if (pauses.nextInt(8) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(50_000));
                }
                if (op % 50 == 0) {
                    barrier();
                    sameElement(me, mine, "a barrier");
                }
            }
            publishMade(made);
        }

        /** A null slot beside a counter gets an element once, by whoever comes first. */
        private void fillOnce(int slot) {
            if (slot < slots.length - 1) { // the last slot holds the totals
                pool.acquire(slots, slot);
                if (slots[slot] == null) {
                    slots[slot] = new Body();
                }
                ((Body) slots[slot]).count++;
                pool.release(slots, slot);
            }
        }

        private void sameElement(int slot, Body mine, String after) {
            pool.update(slots, slot);
            Check.that(slots[slot] == mine, () -> "slot " + slot + " holds another object than the element kept by thread "
                    + myThread() + " after " + after);
        }

        /** At the end every counter equals the increments of all threads, and the filled slots as many. */
        private void publishMade(long[] made) {
            long[] totals = new long[COUNTERS];
            pool.lock("totals");
            pool.acquire(slots, slots.length - 1);
            long[] sums = slots[slots.length - 1] instanceof long[] l ? l : new long[COUNTERS];
            for (int c = 0; c < COUNTERS; c++) {
                sums[c] += made[c];
            }
            slots[slots.length - 1] = sums;
            pool.release(slots, slots.length - 1);
            pool.unlock("totals");
            barrier();
            pool.update(slots);
            System.arraycopy((long[]) slots[slots.length - 1], 0, totals, 0, COUNTERS);
            for (int c = 0; c < COUNTERS; c++) {
                int index = c;
                Check.equal(totals[c], ((Body) slots[counter(c)]).count, () -> "counter " + index + " at the end (lost increments)");
                if (counter(c) + 1 < slots.length - 1) {
                    Check.equal(totals[c], ((Body) slots[counter(c) + 1]).count, () -> "filled slot beside counter " + index);
                }
            }
        }
    }
}
