package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The elements of a shared {@code Object[]} (one block) hold counters in their fields, each field of
 * each element guarded by a lock of its own: threads of every node, and several threads of one
 * node, write different fields of one element at the same time. The program is data-race-free, so
 * no increment may be lost: under LRC an element's diff carries only the fields this node changed,
 * and a refetch under local writers takes other nodes' changes of the fields this node did not write.
 * Checked: a field never goes back under its lock, and after each barrier every field equals the
 * number of increments the seeded choices made.
 */
class ElementFieldWritersTest {

    static final int ELEMENTS = 3;
    static final int FIELDS = 5;

    /**
     * LRC lost increments here in every run before diffs went below whole elements: the diff of an
     * element carried this node's stale value of every field over other nodes' writes.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void fieldsOfOneElementWrittenUnderTheirOwnLocksLoseNothing(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 4), arg("iterations", Math.max(8, 48 / shape.threads())), arg("seed", 23));
        Jobs.runOver(comm, ElementCounters.class, protocol, shape, args);
    }

    /** Counters of different kinds: primitives, a box (a new instance per decode), a string, a nested array. */
    public static final class Counters {
        public long f0;
        public int f1;
        public Long f2 = 0L;
        public String f3 = "0";
        public long[] f4 = new long[2]; // two counters in one array field: merged element by element

        long get(int f) {
            return switch (f) {
                case 0 -> f0;
                case 1 -> f1;
                case 2 -> f2;
                case 3 -> Long.parseLong(f3);
                default -> f4[f - 4];
            };
        }

        void set(int f, long v) {
            switch (f) {
                case 0 -> f0 = v;
                case 1 -> f1 = (int) v;
                case 2 -> f2 = v;
                case 3 -> f3 = Long.toString(v);
                default -> f4[f - 4] = v;
            }
        }
    }

    public static final class ElementCounters extends Spmd {
        /** f4[0] and f4[1] count as two fields: parts of one array field written at the same time. */
        static final int PARTS = FIELDS + 1;

        private Counters[] shared;

        @Override
        public void init() {
            Counters[] cells = new Counters[ELEMENTS];
            for (int i = 0; i < ELEMENTS; i++) {
                cells[i] = new Counters();
            }
            shared = pool.register(cells, ELEMENTS);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            long[][] lastSeen = new long[ELEMENTS][PARTS];
            for (int phase = 0; phase < plan.phases(); phase++) {
                for (int i = 0; i < plan.iterations(); i++) {
                    int choice = plan.choices().nextInt(ELEMENTS * PARTS);
                    int e = choice / PARTS;
                    int f = choice % PARTS;
                    String lock = "e" + e + "-f" + f;
                    pool.lock(lock);
                    pool.readCheck(shared, e);
                    long seen = shared[e].get(f);
                    Check.that(seen >= lastSeen[e][f], () -> lock + " went back from " + lastSeen[e][f] + " to " + seen
                            + " under its lock");
                    JobArgs.maybePause(plan.pauses(), 3, 150_000);
                    pool.writeCheck(shared, e);
                    shared[e].set(f, seen + 1);
                    lastSeen[e][f] = seen + 1;
                    JobArgs.maybePause(plan.pauses(), 3, 150_000);
                    pool.unlock(lock);
                }
                barrier();
                checkTotals(args, phase + 1, plan.iterations());
                barrier();
            }
        }

        private void checkTotals(JobArgs args, int phasesDone, int iterations) {
            long[] expected = args.replayed(threads(), phasesDone * iterations, ELEMENTS * PARTS, r -> r.nextInt(ELEMENTS * PARTS));
            pool.update(shared, 0, ELEMENTS);
            for (int c = 0; c < expected.length; c++) {
                int e = c / PARTS;
                int f = c % PARTS;
                Check.equal(expected[c], shared[e].get(f), () -> "element " + e + " field part " + f + " after phase "
                        + phasesDone + " (lost increments)");
            }
        }
    }
}
