package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One shared object whose fields are hash containers of elements without {@code equals} and
 * {@code hashCode} (a {@code HashSet} changed in place, a {@code HashMap} keyed by such elements),
 * each field under its own lock, beside a plain counter under a third lock. A decoded or copied
 * container lays out such elements by fresh identity hash codes, so its iteration and encoding
 * order differs from the original's though the content is the same. A writer of one field must not
 * take another field for written (its diff would carry its stale copy of that field over the other
 * field's writers). Checked: every counter equals the increments the seeded choices made after each
 * barrier, and never goes back under its lock.
 */
class HashedFieldWritersTest {

    /**
     * LRC lost the set's and the map's increments in every run: a writer of {@code count} found its
     * unchanged set "changed", since copies of it encoded in different orders.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void containersOfIdentityElementsAreNotTakenForWritten(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, HashedFields.class, protocol, shape,
                List.of(arg("phases", 3), arg("iterations", Math.max(8, 48 / shape.threads())), arg("seed", 31)));
    }

    /** A labelled counter with identity {@code equals} and {@code hashCode}. */
    public static final class Tag {
        int label;
        long n;

        Tag(int label) {
            this.label = label;
        }
    }

    /** The shared object: three fields, each under its own lock. */
    public static final class Shelf {
        public long count;
        public HashSet<Tag> tags = new HashSet<>();
        public HashMap<Tag, Long> weights = new HashMap<>();

        Shelf(int labels) {
            for (int i = 0; i < labels; i++) {
                tags.add(new Tag(i));
                weights.put(new Tag(i), 0L);
            }
        }

        Shelf() {
            // for Kryo
        }
    }

    public static final class HashedFields extends Spmd {
        static final int LABELS = 12;
        static final int KINDS = 3;

        private Shelf shared;

        @Override
        public void init() {
            shared = pool.register(new Shelf(LABELS));
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int iterations = args.integer("iterations", 8);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[KINDS * LABELS];
            for (int phase = 0; phase < phases; phase++) {
                for (int i = 0; i < iterations; i++) {
                    int kind = choices.nextInt(KINDS);
                    int label = choices.nextInt(LABELS);
                    int slot = kind == 0 ? 0 : kind * LABELS + label;
                    pool.lock("shelf-" + kind);
                    pool.readCheck(shared);
                    long seen = get(kind, label);
                    Check.that(seen >= lastSeen[slot], () -> "counter " + slot + " went back from " + lastSeen[slot]
                            + " to " + seen + " under its lock");
                    JobArgs.maybePause(pauses, 3, 150_000);
                    pool.writeCheck(shared);
                    increment(kind, label);
                    lastSeen[slot] = seen + 1;
                    JobArgs.maybePause(pauses, 3, 150_000);
                    pool.unlock("shelf-" + kind);
                }
                barrier();
                pool.update(shared);
                checkTotals(args, (phase + 1) * iterations, phase + 1);
                barrier();
            }
        }

        private void checkTotals(JobArgs args, int steps, int phase) {
            long[] expected = new long[KINDS * LABELS];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int i = 0; i < steps; i++) {
                    int kind = replay.nextInt(KINDS);
                    int label = replay.nextInt(LABELS);
                    expected[kind == 0 ? 0 : kind * LABELS + label]++;
                }
            }
            Check.equal(expected[0], get(0, 0), () -> "count after phase " + phase + " (lost increments)");
            for (int kind = 1; kind < KINDS; kind++) {
                for (int label = 0; label < LABELS; label++) {
                    int k = kind;
                    int l = label;
                    Check.equal(expected[kind * LABELS + label], get(kind, label),
                            () -> (k == 1 ? "tag " : "weight ") + l + " after phase " + phase + " (lost increments)");
                }
            }
        }

        private long get(int kind, int label) {
            if (kind == 0) {
                return shared.count;
            }
            if (kind == 1) {
                return tag(label).n;
            }
            return weight(label).getValue();
        }

        private void increment(int kind, int label) {
            if (kind == 0) {
                shared.count++;
            } else if (kind == 1) {
                tag(label).n++;
            } else {
                Map.Entry<Tag, Long> entry = weight(label);
                entry.setValue(entry.getValue() + 1);
            }
        }

        private Tag tag(int label) {
            for (Tag t : shared.tags) {
                if (t.label == label) {
                    return t;
                }
            }
            throw new IllegalStateException("no tag " + label + " in the shared set");
        }

        private Map.Entry<Tag, Long> weight(int label) {
            for (Map.Entry<Tag, Long> e : shared.weights.entrySet()) {
                if (e.getKey().label == label) {
                    return e;
                }
            }
            throw new IllegalStateException("no weight " + label + " in the shared map");
        }
    }
}
