package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ArrayLists inside the elements of a shared {@code Object[]}: every thread writes, each part under a
 * lock of its own and on every node at once, one element of a list of longs ({@code set}) or one
 * field of a counter object held in a list, always through the lists and counters it took once in
 * {@code start()}. Writers of different elements of one list, and of different fields of one object
 * in a list, must merge as writers of one array's elements do. Checked after every lock and barrier:
 * the element still holds the kept lists and the lists the kept counters, a part never goes back
 * under its lock, and after each phase every part equals the increments the seeded choices made.
 */
class SharedListsTest {

    static final int ELEMENTS = 2;
    static final int LONGS = 2;
    static final int COUNTERS = 2;
    /** One per long in the list, then two (a, b) per counter. */
    static final int PARTS = LONGS + 2 * COUNTERS;

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void elementsOfSharedListsWrittenByManyNodesLoseNothing(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 3), arg("iterations", Math.max(8, 48 / shape.threads())), JobArgs.seedArg(31));
        Jobs.runOver(comm, ListWriters.class, protocol, shape, args);
    }

    /** An object of a class of the job's held in a list. */
    public static final class Counter {
        public long a;
        public long b;
    }

    public static final class Holder {
        public ArrayList<Long> longs = new ArrayList<>();
        public ArrayList<Counter> counters = new ArrayList<>();
        public long id;
    }

    public static final class ListWriters extends Spmd {
        private Holder[] shared;

        @Override
        public void init() {
            Holder[] holders = new Holder[ELEMENTS];
            for (int i = 0; i < ELEMENTS; i++) {
                holders[i] = new Holder();
                holders[i].id = i;
                for (int k = 0; k < LONGS; k++) {
                    holders[i].longs.add(0L);
                }
                for (int k = 0; k < COUNTERS; k++) {
                    holders[i].counters.add(new Counter());
                }
            }
            shared = pool.register(holders, ELEMENTS);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            pool.update(shared, 0, ELEMENTS);
            List<List<Long>> longs = new ArrayList<>();
            List<List<Counter>> counters = new ArrayList<>();
            List<Counter[]> kept = new ArrayList<>();
            for (int e = 0; e < ELEMENTS; e++) {
                longs.add(shared[e].longs);
                counters.add(shared[e].counters);
                kept.add(shared[e].counters.toArray(new Counter[0]));
            }
            long[][] lastSeen = new long[ELEMENTS][PARTS];
            for (int phase = 0; phase < plan.phases(); phase++) {
                for (int i = 0; i < plan.iterations(); i++) {
                    int choice = plan.choices().nextInt(ELEMENTS * PARTS);
                    int e = choice / PARTS;
                    int part = choice % PARTS;
                    String lock = "list" + e + "-part" + part;
                    pool.lock(lock);
                    pool.readCheck(shared, e);
                    sameParts(e, longs, counters, kept, "lock " + lock);
                    long seen = read(part, longs.get(e), kept.get(e));
                    Check.that(seen >= lastSeen[e][part], () -> lock + " went back from " + lastSeen[e][part] + " to " + seen);
                    JobArgs.maybePause(plan.pauses(), 3, 150_000);
                    pool.writeCheck(shared, e);
                    write(part, longs.get(e), kept.get(e), seen + 1);
                    lastSeen[e][part] = seen + 1;
                    JobArgs.maybePause(plan.pauses(), 3, 150_000);
                    pool.unlock(lock);
                }
                barrier();
                for (int e = 0; e < ELEMENTS; e++) {
                    pool.readCheck(shared, e);
                    sameParts(e, longs, counters, kept, "barrier");
                }
                checkTotals(args, phase + 1, plan.iterations(), longs, kept);
                barrier();
            }
        }

        private static long read(int part, List<Long> longs, Counter[] counters) {
            if (part < LONGS) {
                return longs.get(part);
            }
            Counter c = counters[(part - LONGS) / 2];
            return (part - LONGS) % 2 == 0 ? c.a : c.b;
        }

        private static void write(int part, List<Long> longs, Counter[] counters, long v) {
            if (part < LONGS) {
                longs.set(part, v);
                return;
            }
            Counter c = counters[(part - LONGS) / 2];
            if ((part - LONGS) % 2 == 0) {
                c.a = v;
            } else {
                c.b = v;
            }
        }

        private void sameParts(int e, List<List<Long>> longs, List<List<Counter>> counters, List<Counter[]> kept, String after) {
            Holder h = shared[e];
            Check.that(h.longs == longs.get(e) && h.counters == counters.get(e), () -> "element " + e
                    + " holds other lists than the kept ones on node " + myNode() + " after " + after);
            Check.equal(LONGS, h.longs.size(), () -> "size of element " + e + "'s longs after " + after);
            for (int k = 0; k < COUNTERS; k++) {
                int counter = k;
                Check.that(h.counters.get(k) == kept.get(e)[k], () -> "element " + e + " counter " + counter
                        + " is not the kept object after " + after);
            }
        }

        private void checkTotals(JobArgs args, int phasesDone, int iterations, List<List<Long>> longs, List<Counter[]> kept) {
            long[] expected = args.replayed(threads(), phasesDone * iterations, ELEMENTS * PARTS, r -> r.nextInt(ELEMENTS * PARTS));
            for (int c = 0; c < expected.length; c++) {
                int e = c / PARTS;
                int part = c % PARTS;
                Check.equal(expected[c], read(part, longs.get(e), kept.get(e)), () -> "element " + e + " part " + part
                        + " through the kept lists after phase " + phasesDone + " (lost increments)");
            }
        }
    }
}
