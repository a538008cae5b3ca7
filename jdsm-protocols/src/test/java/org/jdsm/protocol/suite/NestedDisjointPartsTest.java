package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Disabled;
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
     * Fails under LRC: a single object's diff is per top-level field, so a writer's diff carries
     * the whole nested object, list or 2-D array, stale where other nodes wrote, and the home takes
     * it over their writes. Primitive-array fields and rows of a registered 2-D array merge element
     * by element (ArrayDiff); these would need diffs that descend into nested objects (and into
     * JDK collections, whose fields are closed to reflection), so they are left as a known limit.
     */
    @Disabled("known limit: LRC diffs a single object per top-level field (see the comment)")
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void disjointPartsOfOneNestedFieldLoseNoWrite(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, DisjointParts.class, protocol, shape, List.of(arg("phases", 3)));
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
        static final int PARTS = 6;

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

        /** Each thread writes the part of its node's parity, so two nodes write two parts of each field at once. */
        @Override
        public void start() {
            int phases = JobArgs.of(this).integer("phases", 3);
            int rounds = 4;
            for (int p = 1; p <= phases; p++) {
                for (int k = 0; k < rounds; k++) {
                    for (int field = 0; field < PARTS / 2; field++) {
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
                for (int part = 0; part < PARTS; part++) {
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
