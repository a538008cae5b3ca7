package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.lang.reflect.Array;
import java.util.List;
import java.util.Random;
import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One array of every primitive element kind (each has its own diff and merge code), with block
 * lengths that do not divide the length and alternately block and cyclic distribution, plus
 * arrays shorter than the job (down to one element and none). Neighbouring elements of a block
 * are written in the same phase by threads of different nodes (false sharing), some under
 * {@code acquire(a, i)}, some by {@code writeCheck} published at the barrier; the values change
 * bits that a lazy comparison would miss: -0.0 after 0.0 and booleans that flip. After each
 * barrier every thread reads random mid-block ranges ({@code update(a, from, to)},
 * {@code updateAsync}) and then every element, and checks the exact value of the phase.
 */
class EveryElementKindTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void everyKindOfFalselySharedBlockLosesNoWrite(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, EveryKind.class, protocol, shape, List.of(arg("phases", 4), arg("seed", 41)));
    }

    /** One element kind: its array and the value element {@code i} holds after phase {@code p} (0: the initial zero). */
    enum Kind {
        LONG(long.class) {
            @Override void put(Object a, int i, int p) { ((long[]) a)[i] = p == 0 ? 0 : ((long) p << 33) + i; }
            @Override long bits(Object a, int i) { return ((long[]) a)[i]; }
        },
        INT(int.class) {
            @Override void put(Object a, int i, int p) { ((int[]) a)[i] = p == 0 ? 0 : p * 100_000 + i; }
            @Override long bits(Object a, int i) { return ((int[]) a)[i]; }
        },
        SHORT(short.class) {
            @Override void put(Object a, int i, int p) { ((short[]) a)[i] = (short) (p == 0 ? 0 : p * 1000 + i); }
            @Override long bits(Object a, int i) { return ((short[]) a)[i]; }
        },
        CHAR(char.class) {
            @Override void put(Object a, int i, int p) { ((char[]) a)[i] = (char) (p == 0 ? 0 : 'A' + p * 700 + i); }
            @Override long bits(Object a, int i) { return ((char[]) a)[i]; }
        },
        BYTE(byte.class) {
            @Override void put(Object a, int i, int p) { ((byte[]) a)[i] = (byte) (p == 0 ? 0 : p * 37 + i); }
            @Override long bits(Object a, int i) { return ((byte[]) a)[i]; }
        },
        BOOLEAN(boolean.class) {
            @Override void put(Object a, int i, int p) { ((boolean[]) a)[i] = p != 0 && (p + i) % 2 == 1; }
            @Override long bits(Object a, int i) { return ((boolean[]) a)[i] ? 1 : 0; }
        },
        DOUBLE(double.class) {
            @Override void put(Object a, int i, int p) { ((double[]) a)[i] = p == 0 ? 0.0 : p % 2 == 1 && i % 3 == 0 ? -0.0 : p * 1000.5 + i; }
            @Override long bits(Object a, int i) { return Double.doubleToRawLongBits(((double[]) a)[i]); }
        },
        FLOAT(float.class) {
            @Override void put(Object a, int i, int p) { ((float[]) a)[i] = p == 0 ? 0f : p % 2 == 1 && i % 3 == 0 ? -0f : p * 1000.5f + i; }
            @Override long bits(Object a, int i) { return Float.floatToRawIntBits(((float[]) a)[i]); }
        };

        private final Class<?> element;

        Kind(Class<?> element) {
            this.element = element;
        }

        /** Stores the value of phase {@code p} into element {@code i}. */
        abstract void put(Object a, int i, int p);

        /** Element {@code i}'s bits, so that -0.0 and 0.0 differ. */
        abstract long bits(Object a, int i);

        long expected(int length, int i, int p) {
            Object one = Array.newInstance(element, length);
            put(one, i, p);
            return bits(one, i);
        }

        Object newArray(int length) {
            return Array.newInstance(element, length);
        }
    }

    public static final class EveryKind extends Spmd {
        private static final int TINY_ARRAYS = 3; // lengths 0, 1 and nodes - 1 (never as many elements as nodes)

        private Object[] arrays;
        private Kind[] kinds;

        @Override
        public void init() {
            int kindCount = Kind.values().length;
            arrays = new Object[kindCount + TINY_ARRAYS];
            kinds = new Kind[arrays.length];
            for (int k = 0; k < kindCount; k++) {
                kinds[k] = Kind.values()[k];
                int blockLength = 2 + k % 3;
                Distribution d = k % 2 == 0 ? Distribution.BLOCK : Distribution.CYCLIC;
                arrays[k] = pool.register(kinds[k].newArray(threads() * 3 + 1), blockLength, d);
            }
            int[] tiny = {0, 1, Math.max(1, nodes() - 1)};
            for (int t = 0; t < TINY_ARRAYS; t++) {
                kinds[kindCount + t] = Kind.values()[t % kindCount];
                arrays[kindCount + t] = pool.register(kinds[kindCount + t].newArray(tiny[t]), 1, Distribution.CYCLIC);
            }
        }

        /** The thread writing element {@code i} in phase {@code p}: neighbours belong to different threads. */
        private int writer(int i, int p) {
            return (i + p) % threads();
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            for (int p = 1; p <= phases; p++) {
                for (int a = 0; a < arrays.length; a++) {
                    write(arrays[a], kinds[a], p, choices, pauses);
                }
                barrier();
                for (int a = 0; a < arrays.length; a++) {
                    checkRanges(arrays[a], kinds[a], p, choices);
                }
                barrier();
            }
        }

        private void write(Object array, Kind kind, int p, Random choices, Random pauses) {
            int length = Array.getLength(array);
            for (int i = 0; i < length; i++) {
                if (writer(i, p) != myThread()) {
                    continue;
                }
                if (choices.nextBoolean()) {
                    pool.acquire(array, i);
                    kind.put(array, i, p);
                    JobArgs.maybePause(pauses, 4, 100_000);
                    pool.release(array, i);
                } else {
                    pool.writeCheck(array, i); // published at this thread's next synchronization
                    kind.put(array, i, p);
                }
            }
        }

        /** A random mid-block range read by update, another by updateAsync, then every element. */
        private void checkRanges(Object array, Kind kind, int p, Random choices) {
            int length = Array.getLength(array);
            if (length == 0) {
                pool.acquire(array); // one empty block: taken and given back like any other
                pool.release(array);
                pool.updateAsync(array).touch();
                return;
            }
            int from = choices.nextInt(length);
            int to = from + 1 + choices.nextInt(length - from);
            pool.update(array, from, to);
            checkElements(array, kind, p, from, to, "update(" + from + ", " + to + ")");
            from = choices.nextInt(length);
            to = from + 1 + choices.nextInt(length - from);
            pool.updateAsync(array, from, to).touch();
            checkElements(array, kind, p, from, to, "updateAsync(" + from + ", " + to + ")");
            pool.update(array);
            checkElements(array, kind, p, 0, length, "update(whole)");
        }

        private void checkElements(Object array, Kind kind, int p, int from, int to, String how) {
            int length = Array.getLength(array);
            for (int i = from; i < to; i++) {
                int index = i;
                Check.equal(kind.expected(length, i, p), kind.bits(array, i), () -> kind + "[" + length + "] element " + index
                        + " after phase " + p + " read by " + how);
            }
        }
    }
}
