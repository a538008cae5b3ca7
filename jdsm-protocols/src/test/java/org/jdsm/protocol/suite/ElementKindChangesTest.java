package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.jdsm.protocol.suite.JobArgs.seedArg;

import java.util.Arrays;
import java.util.Objects;
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
 * Slots of a shared {@code Object[]} whose element changes kind at every write: null, a mutable
 * object, its subclass, a string, a box, a primitive array, and back, often from one kind to an
 * object of the same class changed in place. A version array (another shared object) says which
 * value a slot must hold; both are taken under the slot's acquire, by threads of every node, with
 * neighbouring slots of a block written at the same time elsewhere. Checked at every read and at
 * the end: the slot holds exactly what its version makes.
 */
class ElementKindChangesTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocolFor(Arguments.of(new Shape(4, 2), 2), Arguments.of(new Shape(3, 3), 3), Arguments.of(new Shape(8, 1), 1));
    }

    @ParameterizedTest(name = "{0} {1} blocks of {2}")
    @MethodSource("runs")
    @Timeout(120)
    void slotsHoldWhatTheirVersionMakes(String protocol, Shape shape, int block) {
        Jobs.run(KindChanges.class, protocol, shape, arg("ops", 2400 / shape.threads()), arg("block", block), seedArg(29));
    }

    /** A mutable element. */
    public static class Point {
        public long x;
        public long[] trail;
    }

    /** A subclass element. */
    public static final class NamedPoint extends Point {
        public String name;
    }

    public static final class KindChanges extends Spmd {
        static final int SLOTS = 13;
        static final int KINDS = 8;

        private Object[] slots;
        private long[] versions;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            int block = args.integer("block", 1);
            slots = pool.register(new Object[SLOTS], block, Distribution.CYCLIC);
            versions = pool.register(new long[SLOTS], block);
        }

        /** The value of version {@code v}: its kind cycles, so a slot moves between all of them. */
        static Object make(long v, Object current) {
            return switch ((int) (v % KINDS)) {
                case 0 -> null;
                case 1, 2 -> {
                    // The same class twice running: the second time changed in place.
                    Point p = current instanceof Point q && !(q instanceof NamedPoint) ? q : new Point();
                    p.x = v;
                    p.trail = new long[] {v, -v};
                    yield p;
                }
                case 3, 4 -> {
                    NamedPoint p = current instanceof NamedPoint q ? q : new NamedPoint();
                    p.x = v;
                    p.trail = v % 2 == 0 ? null : new long[] {v};
                    p.name = "p" + v;
                    yield p;
                }
                case 5 -> "s" + v;
                case 6 -> Long.valueOf(v);
                default -> new long[] {v, v + 1, v + 2};
            };
        }

        static boolean holds(Object value, long v) {
            Object expected = make(v, null);
            if (expected == null || value == null) {
                return expected == value;
            }
            if (expected.getClass() != value.getClass()) {
                return false;
            }
            if (expected instanceof long[] a) {
                return Arrays.equals(a, (long[]) value);
            }
            if (expected instanceof NamedPoint e) {
                NamedPoint p = (NamedPoint) value;
                return e.x == p.x && Arrays.equals(e.trail, p.trail) && Objects.equals(e.name, p.name);
            }
            if (expected instanceof Point e) {
                Point p = (Point) value;
                return e.x == p.x && Arrays.equals(e.trail, p.trail);
            }
            return expected.equals(value);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[SLOTS];
            int ops = args.integer("ops", 200);
            for (int op = 0; op < ops; op++) {
                int k = choices.nextInt(SLOTS);
                boolean write = choices.nextInt(3) > 0;
                pool.acquire(versions, k);
                pool.acquire(slots, k);
                long v = checked(k, lastSeen[k]);
                if (write) {
                    v++;
                    slots[k] = make(v, slots[k]);
                    versions[k] = v;
                }
                lastSeen[k] = v;
                if (pauses.nextInt(8) == 0) {
                    LockSupport.parkNanos(pauses.nextInt(50_000));
                }
                pool.release(slots, k);
                pool.release(versions, k);
            }
            barrier();
            pool.update(versions);
            pool.update(slots);
            for (int k = 0; k < SLOTS; k++) {
                checked(k, 0);
            }
        }

        private long checked(int k, long atLeast) {
            long v = versions[k];
            Object value = slots[k];
            Check.that(v >= atLeast, () -> "slot " + k + "'s version went back from " + atLeast + " to " + v);
            Check.that(holds(value, v), () -> "slot " + k + " at version " + v + " holds " + describe(value)
                    + ", expected " + describe(make(v, null)));
            return v;
        }

        private static String describe(Object value) {
            if (value instanceof long[] a) {
                return Arrays.toString(a);
            }
            if (value instanceof NamedPoint p) {
                return "NamedPoint(" + p.x + ", " + Arrays.toString(p.trail) + ", " + p.name + ")";
            }
            if (value instanceof Point p) {
                return "Point(" + p.x + ", " + Arrays.toString(p.trail) + ")";
            }
            return String.valueOf(value);
        }
    }
}
