package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The elements of one shared {@code Object[]} block each hold a counter under a lock of their own,
 * in values of changing shape: a plain class with a {@code long[][]} field whose rows are replaced by
 * rows of another length, a subclass of it, a class with an encoding of its own (a transient array
 * it writes itself), a cyclic pair of objects and a box. Every node and thread either increments the
 * counter in place (inside the nested rows and both objects of the cycle too) or replaces the element
 * by one of another shape carrying the counter on. Different elements change at the same time, so
 * their diffs merge at the home. Checked: a counter never goes back under its lock, the parts of an
 * element agree, and after each phase every counter equals the operations the seeded choices made.
 */
class ElementShapeChangesTest {

    static final int ELEMENTS = 4;
    static final int SHAPES = 5;

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void countersCarriedThroughShapeChangesLoseNothing(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 3), arg("iterations", Math.max(8, 48 / shape.threads())), JobArgs.seedArg(31));
        Jobs.runOver(comm, ShapeChanges.class, protocol, shape, args);
    }

    /** A counter with rows that hold it too (their length changes with it). */
    public static class Grid {
        public long count;
        public long[][] rows = {new long[1], new long[2]};
    }

    public static final class TallGrid extends Grid {
        public long copies;
    }

    /** Its own encoding carries the counter, kept in a transient field. */
    public static final class Packed implements com.esotericsoftware.kryo.KryoSerializable {
        transient long[] counts = new long[1];

        @Override
        public void write(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Output output) {
            output.writeLong(counts[0]);
        }

        @Override
        public void read(com.esotericsoftware.kryo.Kryo kryo, com.esotericsoftware.kryo.io.Input input) {
            counts = new long[] {input.readLong()};
        }
    }

    /** Two objects that refer to each other, both holding the counter. */
    public static final class Ring {
        public long value;
        public Ring next;
    }

    static Object make(int shape, long count) {
        switch (shape) {
            case 0, 1 -> {
                Grid g = shape == 0 ? new Grid() : new TallGrid();
                g.count = count;
                g.rows = new long[][] {new long[(int) (count % 3) + 1], new long[2]};
                java.util.Arrays.fill(g.rows[0], count);
                g.rows[1][1] = count;
                if (g instanceof TallGrid t) {
                    t.copies = count;
                }
                return g;
            }
            case 2 -> {
                Packed p = new Packed();
                p.counts[0] = count;
                return p;
            }
            case 3 -> {
                Ring a = new Ring();
                a.next = new Ring();
                a.next.next = a;
                a.value = count;
                a.next.value = count;
                return a;
            }
            default -> {
                return count; // a box
            }
        }
    }

    static long count(Object element) {
        if (element instanceof Grid g) {
            for (long cell : g.rows[0]) {
                Check.equal(g.count, cell, () -> "a cell of the rows and the count");
            }
            Check.equal(g.count, g.rows[1][1], () -> "the second row and the count");
            if (g instanceof TallGrid t) {
                Check.equal(g.count, t.copies, () -> "a subclass's own field and the count");
            }
            return g.count;
        }
        if (element instanceof Packed p) {
            return p.counts[0];
        }
        if (element instanceof Ring r) {
            Check.that(r.next.next == r, () -> "the cycle holds");
            Check.equal(r.value, r.next.value, () -> "both objects of the cycle");
            return r.value;
        }
        return (Long) element;
    }

    /** One more operation on the element in place, where its shape allows; else a new value of its shape. */
    static Object incremented(Object element) {
        long next = count(element) + 1;
        if (element instanceof Grid g) {
            g.count = next;
            if (g.rows[0].length == 3) {
                java.util.Arrays.fill(g.rows[0], next);
            } else {
                g.rows[0] = new long[g.rows[0].length + 1]; // a row of another length
                java.util.Arrays.fill(g.rows[0], next);
            }
            g.rows[1][1] = next;
            if (g instanceof TallGrid t) {
                t.copies = next;
            }
            return g;
        }
        if (element instanceof Packed p) {
            p.counts[0] = next;
            return p;
        }
        if (element instanceof Ring r) {
            r.value = next;
            r.next.value = next;
            return r;
        }
        return next;
    }

    public static final class ShapeChanges extends Spmd {
        private Object[] shared;

        @Override
        public void init() {
            Object[] elements = new Object[ELEMENTS];
            for (int i = 0; i < ELEMENTS; i++) {
                elements[i] = make(i % SHAPES, 0);
            }
            shared = pool.register(elements, ELEMENTS);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            long[] lastSeen = new long[ELEMENTS];
            for (int phase = 0; phase < plan.phases(); phase++) {
                for (int i = 0; i < plan.iterations(); i++) {
                    int e = plan.choices().nextInt(ELEMENTS);
                    int shape = plan.choices().nextInt(SHAPES + 2); // SHAPES and above: in place
                    pool.lock("e" + e);
                    pool.readCheck(shared, e);
                    long seen = count(shared[e]);
                    Check.that(seen >= lastSeen[e], () -> "element " + e + " went back from " + lastSeen[e] + " to " + seen);
                    JobArgs.maybePause(plan.pauses(), 3, 100_000);
                    pool.writeCheck(shared, e);
                    shared[e] = shape < SHAPES ? make(shape, seen + 1) : incremented(shared[e]);
                    lastSeen[e] = seen + 1;
                    JobArgs.maybePause(plan.pauses(), 3, 100_000);
                    pool.unlock("e" + e);
                }
                barrier();
                checkTotals(args, phase + 1, plan.iterations());
                barrier();
            }
        }

        private void checkTotals(JobArgs args, int phasesDone, int iterations) {
            long[] expected = args.replayed(threads(), phasesDone * iterations, ELEMENTS, r -> {
                int e = r.nextInt(ELEMENTS);
                r.nextInt(SHAPES + 2); // the shape
                return e;
            });
            pool.update(shared, 0, ELEMENTS);
            for (int e = 0; e < ELEMENTS; e++) {
                int element = e;
                Check.equal(expected[e], count(shared[e]), () -> "element " + element + " after phase " + phasesDone
                        + " (lost operations)");
            }
        }
    }
}
