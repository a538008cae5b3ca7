package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Threads of different nodes write disjoint parts of one field of a single shared object at the
 * same time, each part under its own lock: different fields of a nested object, different
 * elements of a list ({@code set}, no structural change), different rows of a {@code long[][]}.
 * The program is data-race-free, so no write may be lost.
 */
class NestedDisjointPartsTest {

    /**
     * LRC lost writes here in every run while a single object's diff stopped at its top-level
     * fields: a writer's diff carried the whole nested object or 2-D array, stale where other nodes
     * wrote, and the home took it over their writes. Now a field's value that changed inside travels
     * as a diff of its inside (its fields, its rows' elements), merged in place at the home.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void disjointPartsOfOneNestedObjectOrArrayLoseNoWrite(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, DisjointParts.class, protocol, shape, List.of(arg("phases", 3), arg("fields", "pair,grid")));
    }

    /**
     * LRC lost writes here in every run while an ArrayList in a field travelled whole: writers of
     * different elements of one list overwrote each other. A list that kept its size now travels as
     * its changed elements ({@code ListDiff}).
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void disjointElementsOfOneNestedListLoseNoWrite(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, DisjointParts.class, protocol, shape, List.of(arg("phases", 3), arg("fields", "list")));
    }

    public static final class Pair {
        public long left;
        public long right;
    }

    public static final class Parts {
        public Pair pair = new Pair();
        public ArrayList<Long> list = new ArrayList<>(List.of(0L, 0L));
        public long[][] grid = new long[2][1];
    }

    public static final class DisjointParts extends Spmd {
        private Parts shared;

        @Override
        public void init() {
            shared = pool.register(new Parts());
        }

        private long get(int part) {
            return switch (part) {
                case 0 -> shared.pair.left;
                case 1 -> shared.pair.right;
                case 2, 3 -> shared.list.get(part - 2);
                default -> shared.grid[part - 4][0];
            };
        }

        private void set(int part, long v) {
            switch (part) {
                case 0 -> shared.pair.left = v;
                case 1 -> shared.pair.right = v;
                case 2, 3 -> shared.list.set(part - 2, v);
                default -> shared.grid[part - 4][0] = v;
            }
        }

        /**
         * Each thread writes the part of its node's parity, so two nodes write two parts of each
         * field named in the argument {@code fields} (pair, list, grid) at once.
         */
        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            List<String> names = List.of("pair", "list", "grid");
            int[] fields = Arrays.stream(args.text("fields", "pair,list,grid").split(",")).mapToInt(names::indexOf).toArray();
            int rounds = 4;
            for (int p = 1; p <= phases; p++) {
                for (int k = 0; k < rounds; k++) {
                    for (int field : fields) {
                        int part = 2 * field + myNode() % 2;
                        pool.lock("part-" + part);
                        pool.readCheck(shared);
                        long seen = get(part);
                        pool.writeCheck(shared);
                        set(part, seen + 1);
                        pool.unlock("part-" + part);
                    }
                }
                barrier();
                pool.update(shared);
                for (int part : Arrays.stream(fields).flatMap(f -> IntStream.of(2 * f, 2 * f + 1)).toArray()) {
                    int writersOfPart = 0;
                    for (int t = 0; t < threads(); t++) {
                        writersOfPart += (t / (threads() / nodes())) % 2 == part % 2 ? 1 : 0;
                    }
                    int which = part;
                    int phase = p;
                    Check.equal((long) p * rounds * writersOfPart, get(part), () -> "part " + which + " after phase " + phase);
                }
                barrier();
            }
        }
    }
}
