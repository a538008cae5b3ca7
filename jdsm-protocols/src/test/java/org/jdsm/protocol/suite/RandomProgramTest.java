package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
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
 * {@code -Djdsm.suite.seed=N} runs only seed N (to reproduce a failure); heavy runs use more seeds.
 */
class RandomProgramTest {

    static Stream<Arguments> runs() {
        Long only = Long.getLong("jdsm.suite.seed");
        List<Long> seeds = only != null ? List.of(only)
                : LongStream.rangeClosed(1, Suite.heavy() ? 20 : 6).boxed().toList();
        return Suite.protocolsAndShapes().flatMap(a -> seeds.stream().map(s -> Arguments.of(a.get()[0], a.get()[1], s)));
    }

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("runs")
    @Timeout(90)
    void readsMatchTheSequentialOracle(String protocol, Shape shape, long seed) {
        Jobs.run(RandomProgramJob.class, protocol, shape, arg("seed", seed), arg("ops", Math.max(16, 480 / shape.threads())));
    }

    /** Runs a {@link RandomProgram} and checks every read and, after each phase, every element. */
    public static final class RandomProgramJob extends Spmd {
        static final int LENGTH = 48;
        static final int BLOCK = 6;

        private RandomProgram program;
        private SequentialOracle oracle;
        private long[] data;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            program = RandomProgram.generate(new RandomProgram.Params(args.longValue("seed", 1), threads(), LENGTH,
                    args.integer("locks", 3), args.integer("phases", 4), args.integer("ops", 24)));
            oracle = SequentialOracle.replay(program);
            data = pool.register(program.initial(), BLOCK);
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
                    Check.equal(oracle.end(ph, e), data[e], () -> where(phase) + ", element " + element + " after the phase");
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
                    pool.updateAsync(data, op.element());
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
                        pool.acquire(data, e);
                        data[e] = op.value();
                        pool.release(data, e);
                    }
                    case READ_OWN, READ_SHARED -> {
                        pool.update(data, e);
                        Check.equal(oracle.read(ph, myThread(), i), data[e], () -> where(ph, index, op));
                    }
                    case LOCKED_INCREMENT -> {
                        String lock = "random-" + op.lock();
                        pool.lock(lock);
                        pool.acquire(data, e);
                        long seen = data[e];
                        // Our own increment is still to come, so the end value cannot be there yet.
                        checkInRange(seen, lastSeen[e], oracle.end(ph, e) - 1, () -> where(ph, index, op));
                        data[e] = seen + 1;
                        lastSeen[e] = seen + 1;
                        pool.release(data, e);
                        pool.unlock(lock);
                    }
                    case LOCKED_READ -> {
                        String lock = "random-" + op.lock();
                        pool.lock(lock);
                        pool.update(data, e);
                        long seen = data[e];
                        checkInRange(seen, lastSeen[e], oracle.end(ph, e), () -> where(ph, index, op));
                        lastSeen[e] = seen;
                        pool.unlock(lock);
                    }
                }
            }
        }

        private static void checkInRange(long seen, long low, long high, java.util.function.Supplier<String> where) {
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
