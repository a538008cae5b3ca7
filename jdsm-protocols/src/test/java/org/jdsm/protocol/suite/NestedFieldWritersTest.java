package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One shared object ({@code register(obj)}) whose fields are mutable containers changed in place:
 * a nested object of a class without {@code equals}, a list, a map, an array of nested objects, a
 * map of nested objects and the elements of a {@code long[]}, plus a plain long. Each field is guarded by its own lock, so writers of different fields run at
 * the same time on different nodes and their per-field diffs merge at the home: a writer's diff must
 * carry only the fields it changed, even where a field's class compares by identity. Checked: a
 * counter never goes back under its lock, and after each barrier every counter equals the number of
 * increments the seeded choices made.
 */
class NestedFieldWritersTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void containersChangedInPlaceUnderTheirOwnLocksLoseNothing(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 4), arg("iterations", Math.max(8, 64 / shape.threads())), arg("seed", 23));
        Jobs.runOver(comm, NestedCounters.class, protocol, shape, args);
    }

    /** A mutable value with identity {@code equals}, as most user classes have. */
    static final int SLOTS = 3;

    public static final class Tally {
        public long count;
    }

    /** Counters kept in different kinds of fields, and in the elements of an array field. */
    public static final class Nest {
        public long plain;
        public Tally tally = new Tally();
        public ArrayList<Long> list = new ArrayList<>(List.of(0L));
        public HashMap<String, Long> map = new HashMap<>();
        public Tally[] tallies = {new Tally(), new Tally()};
        /** Keys that a decoded map (sized for two) iterates, and encodes, in another order than a copy of it. */
        public HashMap<Integer, Tally> byKey = new HashMap<>();
        /** Each element a counter of its own, under its own lock: writers of one array field at once. */
        public long[] slots = new long[SLOTS];

        public Nest() {
            byKey.put(3, new Tally());
            byKey.put(4, new Tally());
        }
    }

    public static final class NestedCounters extends Spmd {
        static final int FIELDS = 6 + SLOTS;

        private Nest shared;

        @Override
        public void init() {
            shared = pool.register(new Nest());
        }

        private long get(int f) {
            return switch (f) {
                case 0 -> shared.plain;
                case 1 -> shared.tally.count;
                case 2 -> shared.list.get(0);
                case 3 -> shared.map.getOrDefault("n", 0L);
                case 4 -> shared.tallies[1].count;
                case 5 -> shared.byKey.get(4).count;
                default -> shared.slots[f - 6];
            };
        }

        /** Writes in place: the field keeps referring to the same container. */
        private void increment(int f) {
            switch (f) {
                case 0 -> shared.plain++;
                case 1 -> shared.tally.count++;
                case 2 -> shared.list.set(0, shared.list.get(0) + 1);
                case 3 -> shared.map.merge("n", 1L, Long::sum);
                case 4 -> shared.tallies[1].count++;
                case 5 -> shared.byKey.get(4).count++;
                default -> shared.slots[f - 6]++;
            }
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int iterations = args.integer("iterations", 8);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[FIELDS];
            for (int phase = 0; phase < phases; phase++) {
                for (int i = 0; i < iterations; i++) {
                    int f = choices.nextInt(FIELDS);
                    pool.lock("nest-" + f);
                    pool.readCheck(shared);
                    long seen = get(f);
                    int field = f;
                    Check.that(seen >= lastSeen[f], () -> "field " + field + " went back from " + lastSeen[field] + " to "
                            + seen + " under its lock");
                    JobArgs.maybePause(pauses, 3, 150_000);
                    pool.writeCheck(shared);
                    increment(f);
                    lastSeen[f] = seen + 1;
                    JobArgs.maybePause(pauses, 3, 150_000);
                    pool.unlock("nest-" + f);
                }
                barrier();
                long[] expected = new long[FIELDS];
                for (int t = 0; t < threads(); t++) {
                    Random replay = args.choices(t);
                    for (int i = 0; i < (phase + 1) * iterations; i++) {
                        expected[replay.nextInt(FIELDS)]++;
                    }
                }
                pool.update(shared);
                for (int f = 0; f < FIELDS; f++) {
                    int field = f;
                    int after = phase + 1;
                    Check.equal(expected[f], get(f), () -> "field " + field + " after phase " + after + " (lost increments)");
                }
                barrier();
            }
        }
    }
}
