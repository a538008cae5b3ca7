package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.DsmFuture;
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
        List<Long> seeds = Suite.seeds(LongStream.rangeClosed(1, Suite.heavy() ? 20 : 6).boxed().toList());
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

    /** The single shared object of programs with holds: cells that are program elements from {@link RandomProgramJob#LENGTH} on. */
    public static final class Cells {
        long[] values;

        public Cells() {
        }

        Cells(long[] values) {
            this.values = values;
        }
    }

    /** Runs a {@link RandomProgram} and checks every read and, after each phase, every element. */
    public static final class RandomProgramJob extends Spmd {
        static final int LENGTH = 48;
        static final int BLOCK = 6;
        /** With holds (argument holds=1): the array's first blocks held across barriers, and the single object's cells. */
        static final RandomProgram.Holds HOLDS = new RandomProgram.Holds(BLOCK, 2, 4);

        private RandomProgram program;
        private SequentialOracle oracle;
        private long[] data;
        /** The single shared object of programs with holds, else null. */
        private Cells cells;
        /** Array elements per program element: element e is {@code data[e * width, (e + 1) * width)}, all equal. */
        private int width;
        private ProgramLocks locks;

        @Override
        public void init() {
            JobArgs args = JobArgs.of(this);
            program = RandomProgram.generate(new RandomProgram.Params(args.longValue("seed", 1), threads(), LENGTH,
                    args.integer("locks", 3), args.integer("phases", 4), args.integer("ops", 24), args.integer("mixed", 0) == 1,
                    args.integer("holds", 0) == 1 ? HOLDS : RandomProgram.Holds.NONE));
            oracle = SequentialOracle.replay(program);
            width = args.integer("width", 1);
            long[] initial = program.initial();
            data = pool.register(widen(Arrays.copyOf(initial, LENGTH)), BLOCK * width,
                    args.integer("cyclic", 0) == 1 ? Distribution.CYCLIC : Distribution.BLOCK);
            if (initial.length > LENGTH) {
                cells = pool.register(new Cells(Arrays.copyOfRange(initial, LENGTH, initial.length)));
            }
            locks = new ProgramLocks(pool, data, program.params().mixed());
        }

        @Override
        public void start() {
            List<DsmFuture> prefetched = List.of();
            // This thread's acquireAsync futures of the held units it takes before a barrier, by first element.
            Map<Integer, DsmFuture> holding = new HashMap<>();
            for (int ph = 0; ph < program.phases().size(); ph++) {
                // Fetched before the last phase's barriers: each may bring what was current before them.
                prefetched.forEach(DsmFuture::touch);
                runPhase(ph, holding);
                prefetched = program.params().mixed() && ph + 1 < program.phases().size() ? prefetchNext(ph + 1) : List.of();
                barrier();
                checkPhaseEnd(ph);
                barrier();
            }
        }

        /**
         * Checks every element after phase {@code ph}'s barrier, but those of units held across it: their
         * holder checks what it reads of them when it touches them, and under SC a read would wait for
         * the holder, which lets go only after the next barrier.
         */
        private void checkPhaseEnd(int ph) {
            boolean[] held = new boolean[LENGTH + 1];
            for (RandomProgram.Unit u : program.phases().get(ph).heldAcross()) {
                Arrays.fill(held, u.from(), Math.min(u.to(), LENGTH + 1), true);
            }
            Supplier<String> where = () -> where(ph);
            for (int from = 0; from < LENGTH; from++) {
                if (held[from]) {
                    continue;
                }
                int to = from;
                while (to < LENGTH && !held[to]) {
                    to++;
                }
                pool.update(data, from * width, to * width);
                for (int e = from; e < to; e++) {
                    int element = e;
                    Check.equal(oracle.end(ph, e), read(e, where), () -> where.get() + ", element " + element + " after the phase");
                }
                from = to;
            }
            if (cells != null && !held[LENGTH]) {
                pool.update(cells);
                for (int c = 0; c < cells.values.length; c++) {
                    int cell = c;
                    Check.equal(oracle.end(ph, LENGTH + c), cells.values[c], () -> where.get() + ", cell " + cell + " after the phase");
                }
            }
        }

        private void runPhase(int ph, Map<Integer, DsmFuture> holding) {
            List<RandomProgram.Op> ops = program.phases().get(ph).byThread().get(myThread());
            if (program.params().seed() % 2 == 1) {
                // Odd seeds also prefetch every element the phase touches: the fetches race with the
                // phase's writes, locks and invalidations, and every read below must still be right.
                for (RandomProgram.Op op : ops) {
                    if (op.element() >= LENGTH) {
                        pool.updateAsync(cells);
                    } else if (op.element() >= 0) {
                        pool.updateAsync(data, op.element() * width);
                    }
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
                        locks.lock(op.lock());
                        pool.acquire(data, e * width);
                        long seen = read(e, () -> where(ph, index, op));
                        // Our own increment is still to come, so the end value cannot be there yet.
                        checkInRange(seen, lastSeen[e], oracle.end(ph, e) - 1, () -> where(ph, index, op));
                        write(e, seen + 1);
                        lastSeen[e] = seen + 1;
                        pool.release(data, e * width);
                        locks.unlock(op.lock());
                    }
                    case LOCKED_READ -> {
                        locks.lock(op.lock());
                        pool.update(data, e * width);
                        long seen = read(e, () -> where(ph, index, op));
                        checkInRange(seen, lastSeen[e], oracle.end(ph, e), () -> where(ph, index, op));
                        lastSeen[e] = seen;
                        locks.unlock(op.lock());
                    }
                    case RANGE_WRITE_OWN -> writeRange(op);
                    case ASYNC_WRITE_OWN -> writeAsync(op);
                    case RANGE_READ -> readRange(op, () -> where(ph, index, op), k -> oracle.read(ph, myThread(), index, k));
                    case NESTED_INCREMENT -> incrementNested(op, lastSeen, g -> oracle.end(ph, g) - 1, () -> where(ph, index, op));
                    case CHAIN_TURN -> new ChainTurn(op, oracle.start(ph, op.group().get(1)), () -> where(ph, index, op))
                            .take(oracle.read(ph, myThread(), index));
                    case OBJECT_WRITE_OWN -> writeObject(op);
                    case OBJECT_READ -> readObject(op);
                    case HOLD_ASYNC -> holding.put(e, e >= LENGTH ? pool.acquireAsync(cells) : pool.acquireAsync(data, e * width));
                    case HOLD_TOUCH -> {
                        Object got = holding.get(e).touch();
                        Check.that(got == (e >= LENGTH ? cells : data), () -> where(ph, index, op) + ": touch() returned another object");
                    }
                    case HELD_WRITE -> op.group().forEach(g -> store(g, op.valueFor(g)));
                    case HOLD_RELEASE -> {
                        holding.remove(e);
                        if (e >= LENGTH) {
                            pool.release(cells);
                        } else {
                            pool.release(data, e * width);
                        }
                    }
                    case HOLD_LOCK -> locks.lock(op.lock());
                    case HOLD_UNLOCK -> locks.unlock(op.lock());
                }
                if (op.kind() == RandomProgram.Kind.OBJECT_READ || op.kind() == RandomProgram.Kind.HOLD_TOUCH) {
                    checkGroup(op, () -> where(ph, index, op), k -> oracle.read(ph, myThread(), index, k));
                }
            }
        }

        private void writeRange(RandomProgram.Op op) {
            int from = op.element() * width;
            if (op.mode() == 1) {
                pool.acquire(data, from);
            }
            pool.acquire(data, from, op.to() * width);
            op.group().forEach(g -> write(g, op.valueFor(g)));
            // In mode 1 this lets go of every block but the first, whose writes the outer release publishes.
            pool.release(data, from, op.to() * width);
            if (op.mode() == 1) {
                pool.release(data, from);
            }
        }

        private void writeAsync(RandomProgram.Op op) {
            List<DsmFuture> futures = op.group().stream().map(g -> pool.acquireAsync(data, g * width)).toList();
            // Touched late and last first: the earlier ones may still be in flight meanwhile.
            LockSupport.parkNanos(op.delayMicros() * 1_000L);
            for (int k = futures.size() - 1; k >= 0; k--) {
                futures.get(k).touch();
            }
            op.group().forEach(g -> write(g, op.valueFor(g)));
            for (int k = op.group().size() - 1; k >= 0; k--) {
                pool.release(data, op.group().get(k) * width);
            }
        }

        /** Stores into its cells under acquire(obj), or acquireAsync(obj) touched late. */
        private void writeObject(RandomProgram.Op op) {
            if (op.mode() == 1) {
                DsmFuture f = pool.acquireAsync(cells);
                LockSupport.parkNanos(op.delayMicros() * 1_000L);
                f.touch();
            } else {
                pool.acquire(cells);
            }
            op.group().forEach(g -> store(g, op.valueFor(g)));
            pool.release(cells);
        }

        /** Makes the single object current as the op's mode says (its group is checked after). */
        private void readObject(RandomProgram.Op op) {
            switch (op.mode()) {
                case 0 -> pool.update(cells);
                case 1 -> {
                    DsmFuture f = pool.updateAsync(cells);
                    LockSupport.parkNanos(op.delayMicros() * 1_000L);
                    f.touch();
                }
                default -> {
                    pool.updateAsync(cells); // never touched: the update below waits for what it started
                    pool.update(cells);
                }
            }
        }

        /** Checks each element of the op's group, array elements or cells, against what {@code expected} says. */
        private void checkGroup(RandomProgram.Op op, Supplier<String> where, IntToLongFunction expected) {
            for (int k = 0; k < op.group().size(); k++) {
                int g = op.group().get(k);
                long want = expected.applyAsLong(k);
                Check.equal(want, value(g, where), () -> where.get() + ", element " + g);
            }
        }

        private void readRange(RandomProgram.Op op, Supplier<String> where, IntToLongFunction expected) {
            int from = op.element() * width;
            int to = op.to() * width;
            switch (op.mode()) {
                case 0 -> pool.update(data, from, to);
                case 1 -> {
                    DsmFuture f = pool.updateAsync(data, from, to);
                    LockSupport.parkNanos(op.delayMicros() * 1_000L);
                    f.touch();
                }
                default -> {
                    pool.updateAsync(data, from, to); // never touched: the update below waits for what it started
                    pool.update(data, from, to);
                }
            }
            for (int k = 0; k < op.group().size(); k++) {
                int g = op.group().get(k);
                long want = expected.applyAsLong(k);
                Check.equal(want, read(g, where), () -> where.get() + ", element " + g + " of range [" + op.element() + ", " + op.to() + ")");
            }
        }

        /** Both elements under their locks, taken in ascending order, the lower one twice, and let go in another order. */
        private void incrementNested(RandomProgram.Op op, long[] lastSeen, IntToLongFunction highest, Supplier<String> where) {
            locks.lock(op.lock());
            locks.lock(op.mode());
            locks.lock(op.lock());
            pool.acquire(data, op.element() * width, op.to() * width);
            for (int g : op.group()) {
                long seen = read(g, where);
                checkInRange(seen, lastSeen[g], highest.applyAsLong(g), () -> where.get() + ", element " + g);
                write(g, seen + 1);
                lastSeen[g] = seen + 1;
            }
            pool.release(data, op.element() * width, op.to() * width);
            locks.unlock(op.lock());
            locks.unlock(op.mode());
            locks.unlock(op.lock());
        }

        /** Starts fetching the ranges that phase {@code ph} reads, to be touched after the barriers between. */
        private List<DsmFuture> prefetchNext(int ph) {
            return program.phases().get(ph).byThread().get(myThread()).stream()
                    .filter(op -> op.kind() == RandomProgram.Kind.RANGE_READ || op.kind() == RandomProgram.Kind.READ_SHARED)
                    .limit(3).map(op -> pool.updateAsync(data, op.element() * width, op.to() * width)).toList();
        }

        /** One {@link RandomProgram.Kind#CHAIN_TURN}: wait for the turn, pass the baton on, count the turn, signal. */
        private final class ChainTurn {
            private static final long STUCK_NANOS = TimeUnit.SECONDS.toNanos(30);
            private final RandomProgram.Op op;
            private final int lock;
            private final int baton;
            private final int counter;
            private final long counterAtStart;
            private final Supplier<String> where;

            ChainTurn(RandomProgram.Op op, long counterAtStart, Supplier<String> where) {
                this.op = op;
                this.lock = op.lock();
                this.baton = op.group().get(0);
                this.counter = op.group().get(1);
                this.counterAtStart = counterAtStart;
                this.where = where;
            }

            void take(long batonBefore) {
                awaitTurn();
                pool.acquire(data, baton * width);
                Check.equal(batonBefore, read(baton, where), () -> where.get() + ": the baton " + baton + " its turn "
                        + op.mode() + " received");
                write(baton, op.value());
                pool.release(data, baton * width);
                locks.lock(lock);
                pool.acquire(data, counter * width);
                Check.equal(op.mode(), read(counter, where) - counterAtStart, () -> where.get() + ": turns counted before its own");
                write(counter, read(counter, where) + 1);
                pool.release(data, counter * width);
                locks.signalAll(lock);
                locks.unlock(lock);
            }

            /** Under the lock (odd turns hold it twice while they wait), until the counter says it is this turn. */
            private void awaitTurn() {
                int depth = 1 + op.mode() % 2;
                for (int k = 0; k < depth; k++) {
                    locks.lock(lock);
                }
                long stuckAt = System.nanoTime() + STUCK_NANOS;
                pool.update(data, counter * width);
                while (read(counter, where) - counterAtStart != op.mode()) {
                    long turn = read(counter, where) - counterAtStart;
                    Check.that(turn < op.mode(), () -> where.get() + ": turn " + turn + " is past its own");
                    Check.that(System.nanoTime() < stuckAt, () -> where.get() + ": still at turn " + turn + " after "
                            + STUCK_NANOS / 1_000_000_000 + " s of waits of " + op.waitMillis() + " ms (a lost signal or a stale counter)");
                    locks.await(lock, op.waitMillis());
                    pool.update(data, counter * width);
                }
                for (int k = 0; k < depth; k++) {
                    locks.unlock(lock);
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

        /** Element {@code element} of the array or, from {@link #LENGTH} on, a cell of the single object. */
        private long value(int element, Supplier<String> where) {
            return element < LENGTH ? read(element, where) : cells.values[element - LENGTH];
        }

        private void store(int element, long value) {
            if (element < LENGTH) {
                write(element, value);
            } else {
                cells.values[element - LENGTH] = value;
            }
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
