package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lists and maps inside the elements of a shared {@code Object[]}: every thread writes, each part
 * under a lock of its own and on every node at once, one element of a list of longs ({@code set}),
 * one field of a counter object held in a list, the value of one key of a map ({@code put}), or one
 * field of a counter object held in a map, always through the lists, maps and counters it took once
 * in {@code start()}. Writers of different elements of one list or values of one map, and of
 * different fields of one object in them, must merge as writers of one array's elements do.
 * Checked after every lock and barrier: the element still holds the kept collections and they the
 * kept counters, a part never goes back under its lock, and after each phase every part equals the
 * increments the seeded choices made.
 */
class SharedCollectionsTest {

    static final int ELEMENTS = 2;
    static final int LONGS = 2;
    static final int COUNTERS = 2;
    static final List<String> SCORES = List.of("red", "blue");
    static final int ACCOUNTS = 2;
    /** One per long in the list, two (a, b) per counter in the list, one per score, two per account in the map. */
    static final int PARTS = LONGS + 2 * COUNTERS + SCORES.size() + 2 * ACCOUNTS;

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void partsOfSharedListsAndMapsWrittenByManyNodesLoseNothing(String protocol, Shape shape, String comm) {
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
        public HashMap<String, Long> scores = new HashMap<>();
        public TreeMap<Integer, Counter> accounts = new TreeMap<>();
        public long id;
    }

    public static final class ListWriters extends KeptPartsJob<Holder, Kept> {

        @Override
        protected Holder[] elements() {
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
                for (String colour : SCORES) {
                    holders[i].scores.put(colour, 0L);
                }
                for (int k = 0; k < ACCOUNTS; k++) {
                    holders[i].accounts.put(100 + k, new Counter());
                }
            }
            return holders;
        }

        @Override
        protected Kept keep(Holder h) {
            return new Kept(h);
        }

        @Override
        protected int parts() {
            return PARTS;
        }

        @Override
        protected void check(Holder h, Kept kept, String after) {
            kept.check(h, after);
        }

        @Override
        protected long read(Kept kept, int part) {
            return kept.read(part);
        }

        @Override
        protected void write(Kept kept, int part, long v) {
            kept.write(part, v);
        }
    }

    /** What one thread took once from one element: its collections and the counters they hold. */
    static final class Kept {
        final List<Long> longs;
        final List<Counter> counters;
        final Counter[] listed;
        final Map<String, Long> scores;
        final Map<Integer, Counter> accounts;
        final Counter[] mapped;

        Kept(Holder h) {
            longs = h.longs;
            counters = h.counters;
            listed = h.counters.toArray(new Counter[0]);
            scores = h.scores;
            accounts = h.accounts;
            mapped = h.accounts.values().toArray(new Counter[0]);
        }

        /** The element still holds the kept collections, and they the kept counters. */
        void check(Holder h, String after) {
            Check.that(h.longs == longs && h.counters == counters && h.scores == scores && h.accounts == accounts,
                    () -> "element " + h.id + " holds other collections than the kept ones after " + after);
            Check.equal(LONGS, h.longs.size(), () -> "size of element " + h.id + "'s longs after " + after);
            for (int k = 0; k < COUNTERS; k++) {
                int counter = k;
                Check.that(h.counters.get(k) == listed[k], () -> "element " + h.id + " listed counter " + counter
                        + " is not the kept object after " + after);
            }
            for (int k = 0; k < ACCOUNTS; k++) {
                int account = k;
                Check.that(h.accounts.get(100 + k) == mapped[k], () -> "element " + h.id + " account " + account
                        + " is not the kept object after " + after);
            }
        }

        long read(int part) {
            if (part < LONGS) {
                return longs.get(part);
            }
            part -= LONGS;
            if (part < 2 * COUNTERS) {
                return field(listed[part / 2], part % 2);
            }
            part -= 2 * COUNTERS;
            if (part < SCORES.size()) {
                return scores.get(SCORES.get(part));
            }
            part -= SCORES.size();
            return field(mapped[part / 2], part % 2);
        }

        void write(int part, long v) {
            if (part < LONGS) {
                longs.set(part, v);
                return;
            }
            part -= LONGS;
            if (part < 2 * COUNTERS) {
                setField(listed[part / 2], part % 2, v);
                return;
            }
            part -= 2 * COUNTERS;
            if (part < SCORES.size()) {
                scores.put(SCORES.get(part), v);
                return;
            }
            part -= SCORES.size();
            setField(mapped[part / 2], part % 2, v);
        }

        private static long field(Counter c, int which) {
            return which == 0 ? c.a : c.b;
        }

        private static void setField(Counter c, int which, long v) {
            if (which == 0) {
                c.a = v;
            } else {
                c.b = v;
            }
        }
    }
}
