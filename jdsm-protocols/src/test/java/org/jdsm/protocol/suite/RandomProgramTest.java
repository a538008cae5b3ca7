package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random data-race-free programs, every read checked against {@link SequentialOracle}; odd
 * seeds start {@code updateAsync} prefetches of a phase's elements before running it.
 * {@code -Djdsm.suite.seed=N} runs only seed N (to reproduce a failure); heavy runs use more seeds;
 * {@code -Djdsm.suite.seeds=FROM-TO} runs those (a soak on seeds no default run takes).
 */
class RandomProgramTest {

    static Stream<Arguments> runs() {
        Long only = Long.getLong("jdsm.suite.seed");
        String[] range = System.getProperty("jdsm.suite.seeds", "1-" + (Suite.heavy() ? 20 : 6)).split("-");
        List<Long> seeds = only != null ? List.of(only)
                : LongStream.rangeClosed(Long.parseLong(range[0]), Long.parseLong(range[1])).boxed().toList();
        return Suite.protocolsAndShapes().flatMap(a -> seeds.stream().map(s -> Arguments.of(a.get()[0], a.get()[1], s)));
    }

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("runs")
    @Timeout(90)
    void readsMatchTheSequentialOracle(String protocol, Shape shape, long seed) {
        Jobs.run(RandomProgramJob.class, protocol, shape, arg("seed", seed), arg("ops", Math.max(16, 480 / shape.threads())));
    }

    /**
     * The same programs with every element widened to {@link #WIDE} array elements (64 KiB), so
     * blocks, twins and diffs are large: the sizes whose decoded arrays the wire format recycles
     * (an array recycled while still in use would lose or corrupt writes here).
     */
    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("wideRuns")
    @Timeout(90)
    void wideElementsMatchTheSequentialOracle(String protocol, Shape shape, long seed) {
        Jobs.run(RandomProgramJob.class, protocol, shape, arg("seed", seed), arg("ops", Math.max(16, 240 / shape.threads())),
                arg("width", WIDE));
    }

    static final int WIDE = 8192;

    static Stream<Arguments> wideRuns() {
        return runs().filter(a -> (Long) a.get()[2] % 10 <= (Suite.heavy() ? 8 : 2));
    }

    /** Runs a {@link RandomProgram} and checks every read and, after each phase, every element. */
    public static final class RandomProgramJob extends Spmd {
        static final int LENGTH = 48;
        static final int BLOCK = 6;

        private RandomProgram program;
        private SequentialOracle oracle;
        private long[] data;
        /** Array elements per program element: element e is {@code data[e * width, (e + 1) * width)}, all equal. */
        private int width;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            program = RandomProgram.generate(new RandomProgram.Params(args.longValue("seed", 1), threads(), LENGTH,
                    args.integer("locks", 3), args.integer("phases", 4), args.integer("ops", 24)));
            oracle = SequentialOracle.replay(program);
            width = args.integer("width", 1);
            data = pool.register(widen(program.initial()), BLOCK * width);
        }

        @Override
        public void start() {
            for (int ph = 0; ph < program.phases().size(); ph++) {
                runPhase(ph);
                barrier();
                pool.update(data);
                for (int e = 0; e < LENGTH; e++) {
                    int phase = ph;
                    int element = e;
                    Check.equal(oracle.end(ph, e), read(e, () -> where(phase)), () -> where(phase) + ", element " + element + " after the phase");
                }
                barrier();
            }
        }

        private void runPhase(int ph) {
            List<RandomProgram.Op> ops = program.phases().get(ph).byThread().get(myThread());
            if (program.params().seed() % 2 == 1) {
                // Odd seeds also prefetch every element the phase touches: the fetches race with the
                // phase's writes, locks and invalidations, and every read below must still be right.
                for (RandomProgram.Op op : ops) {
                    pool.updateAsync(data, op.element() * width);
                }
            }
            // Under a lock a thread never sees a locked element go backwards.
            long[] lastSeen = new long[LENGTH];
            for (int e = 0; e < LENGTH; e++) {
                lastSeen[e] = oracle.start(ph, e);
            }
            for (int i = 0; i < ops.size(); i++) {
                RandomProgram.Op op = ops.get(i);
                if (op.delayMicros() > 0) {
                    LockSupport.parkNanos(op.delayMicros() * 1_000L);
                }
                int e = op.element();
                int index = i;
                switch (op.kind()) {
                    case WRITE_OWN -> {
                        pool.acquire(data, e * width);
                        write(e, op.value());
                        pool.release(data, e * width);
                    }
                    case READ_OWN, READ_SHARED -> {
                        pool.update(data, e * width);
                        Check.equal(oracle.read(ph, myThread(), i), read(e, () -> where(ph, index, op)), () -> where(ph, index, op));
                    }
                    case LOCKED_INCREMENT -> {
                        String lock = "random-" + op.lock();
                        pool.lock(lock);
                        pool.acquire(data, e * width);
                        long seen = read(e, () -> where(ph, index, op));
                        // Our own increment is still to come, so the end value cannot be there yet.
                        checkInRange(seen, lastSeen[e], oracle.end(ph, e) - 1, () -> where(ph, index, op));
                        write(e, seen + 1);
                        lastSeen[e] = seen + 1;
                        pool.release(data, e * width);
                        pool.unlock(lock);
                    }
                    case LOCKED_READ -> {
                        String lock = "random-" + op.lock();
                        pool.lock(lock);
                        pool.update(data, e * width);
                        long seen = read(e, () -> where(ph, index, op));
                        checkInRange(seen, lastSeen[e], oracle.end(ph, e), () -> where(ph, index, op));
                        lastSeen[e] = seen;
                        pool.unlock(lock);
                    }
                }
            }
        }

        private long[] widen(long[] elements) {
            long[] out = new long[elements.length * width];
            for (int e = 0; e < elements.length; e++) {
                Arrays.fill(out, e * width, (e + 1) * width, elements[e]);
            }
            return out;
        }

        private void write(int element, long value) {
            Arrays.fill(data, element * width, (element + 1) * width, value);
        }

        /** Element {@code element}'s value, after checking that all its array elements hold it (none torn or stale). */
        private long read(int element, Supplier<String> where) {
            long value = data[element * width];
            for (int k = element * width + 1; k < (element + 1) * width; k++) {
                if (data[k] != value) {
                    long at = data[k];
                    int index = k;
                    Check.that(false, () -> where.get() + ": element " + element + " is torn: array element " + index
                            + " holds " + at + ", its first " + value);
                }
            }
            return value;
        }

        private static void checkInRange(long seen, long low, long high, Supplier<String> where) {
            Check.that(seen >= low && seen <= high, () -> where.get() + ": saw " + seen + ", which no write in ["
                    + low + ", " + high + "] explains (lost update or stale copy)");
        }

        private String where(int phase) {
            return "random program seed " + program.params().seed() + ", phase " + phase;
        }

        private String where(int phase, int index, RandomProgram.Op op) {
            return where(phase) + ", thread " + myThread() + " op " + index + " (" + op.kind() + " of element " + op.element() + ")";
        }
    }
}
