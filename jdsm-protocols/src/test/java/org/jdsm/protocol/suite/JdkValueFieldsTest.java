package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shared values of JDK classes that programs keep counts in: fields of one single shared object,
 * each under its own lock (an {@code EnumMap} empty at registration, a {@code TreeMap}, a
 * {@code LinkedList}, an {@code ArrayDeque}, a {@code BitSet}, a {@code BigInteger} replaced at each
 * change, a {@code String[]} with nulls), and {@code EnumMap}s as the elements of a shared
 * {@code Object[]} under their blocks' locks. Threads of every node change them; after each barrier
 * every count must equal what the seeded choices added. Kryo's own map serializer made an
 * {@code EnumMap} without its key type.
 */
class JdkValueFieldsTest {

    static Stream<Arguments> runs() {
        return Jobs.localAndChaos(List.of(new Shape(3, 2), new Shape(4, 1)), new Shape(3, 2));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void countsKeptInJdkValuesAreExact(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, JdkCounts.class, protocol, shape, List.of(arg("phases", 3), arg("rounds", 20), arg("seed", 13)));
    }

    public enum Kind { RED, GREEN, BLUE }

    /** Counters in JDK values, one per field. */
    public static final class Values {
        EnumMap<Kind, Long> byKind = new EnumMap<>(Kind.class);
        TreeMap<String, Long> byName = new TreeMap<>();
        LinkedList<Long> linked = new LinkedList<>();
        ArrayDeque<Long> deque = new ArrayDeque<>();
        BitSet bits = new BitSet();
        BigInteger big = BigInteger.ZERO;
        String[] names = new String[3];
    }

    /**
     * Args: phases, rounds (per thread and phase), seed. Each round a thread increments (seeded) one
     * field of {@code values} under its lock, with instrumented-style checks, or one {@code EnumMap}
     * element of {@code tallies} under its block.
     */
    public static final class JdkCounts extends Spmd {
        static final int FIELDS = 7;
        static final int TALLIES = 5;
        Values values;
        Object[] tallies;

        @Override
        public void init() {
            values = pool.register(new Values());
            tallies = new Object[TALLIES];
            for (int i = 0; i < TALLIES; i++) {
                tallies[i] = new EnumMap<Kind, Long>(Kind.class);
            }
            pool.register(tallies, 2, Distribution.CYCLIC);
        }

        @SuppressWarnings("unchecked")
        private EnumMap<Kind, Long> tally(int i) {
            return (EnumMap<Kind, Long>) tallies[i];
        }

        private void increment(int f, int x) {
            switch (f) {
                case 0 -> values.byKind.merge(Kind.values()[x % 3], 1L, Long::sum);
                case 1 -> values.byName.merge("k" + x % 4, 1L, Long::sum);
                case 2 -> values.linked.addFirst((long) x);
                case 3 -> values.deque.addLast((long) x);
                case 4 -> values.bits.set(values.bits.nextClearBit(0));
                case 5 -> values.big = values.big.add(BigInteger.ONE);
                default -> {
                    int j = x % values.names.length;
                    values.names[j] = values.names[j] == null ? "1" : String.valueOf(Long.parseLong(values.names[j]) + 1);
                }
            }
        }

        private long count(int f) {
            return switch (f) {
                case 0 -> values.byKind.values().stream().mapToLong(Long::longValue).sum();
                case 1 -> values.byName.values().stream().mapToLong(Long::longValue).sum();
                case 2 -> values.linked.size();
                case 3 -> values.deque.size();
                case 4 -> values.bits.cardinality();
                case 5 -> values.big.longValueExact();
                default -> {
                    long sum = 0;
                    for (String n : values.names) {
                        sum += n == null ? 0 : Long.parseLong(n);
                    }
                    yield sum;
                }
            };
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int rounds = args.integer("rounds", 20);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            for (int phase = 1; phase <= phases; phase++) {
                for (int r = 0; r < rounds; r++) {
                    int what = choices.nextInt(FIELDS + TALLIES);
                    int x = choices.nextInt(12);
                    if (what < FIELDS) {
                        pool.lock("value-" + what);
                        pool.readCheck(values);
                        JobArgs.maybePause(pauses, 4, 100_000);
                        pool.writeCheck(values);
                        increment(what, x);
                        pool.unlock("value-" + what);
                    } else {
                        int i = what - FIELDS;
                        pool.acquire(tallies, i);
                        tally(i).merge(Kind.values()[x % 3], 1L, Long::sum);
                        JobArgs.maybePause(pauses, 4, 100_000);
                        pool.release(tallies, i);
                    }
                }
                barrier();
                check(args, phase * rounds, phase);
                barrier();
            }
        }

        private void check(JobArgs args, int rounds, int phase) {
            long[] fields = new long[FIELDS];
            long[][] kinds = new long[TALLIES][3];
            for (int t = 0; t < threads(); t++) {
                Random replay = args.choices(t);
                for (int r = 0; r < rounds; r++) {
                    int what = replay.nextInt(FIELDS + TALLIES);
                    int x = replay.nextInt(12);
                    if (what < FIELDS) {
                        fields[what]++;
                    } else {
                        kinds[what - FIELDS][x % 3]++;
                    }
                }
            }
            pool.update(values);
            pool.update(tallies);
            for (int f = 0; f < FIELDS; f++) {
                int field = f;
                Check.equal(fields[f], count(f), () -> "field " + field + " after phase " + phase);
            }
            for (int i = 0; i < TALLIES; i++) {
                for (Kind k : Kind.values()) {
                    int element = i;
                    Check.equal(kinds[i][k.ordinal()], tally(i).getOrDefault(k, 0L), () -> "tallies[" + element + "]." + k + " after phase " + phase);
                }
            }
        }
    }
}
