package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.DsmFuture;
import org.jdsm.SharedObject;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Range operations over a {@link Distribution#CYCLIC} array of many small blocks, so every range
 * spans blocks homed on every node, neighbouring blocks never share a home, and a range acquire
 * takes block locks managed all over the job. Ranges move between threads every phase, and
 * {@code updateAsync} prefetches are started before a barrier and touched after it (or never),
 * so their replies race with the barrier's invalidations: a prefetch that lands late must not
 * make a stale copy current.
 */
class CyclicRangesTest {

    static Stream<Arguments> runs() {
        return Stream.concat(
                Jobs.everyProtocol(List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1), new Shape(8, 1)), List.of("local")),
                Jobs.everyProtocol(List.of(new Shape(3, 2), new Shape(4, 1)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void rangesOverCyclicBlocksLoseNoWrite(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 6), arg("seed", 5));
        Jobs.runOver(comm, CyclicRanges.class, protocol, shape, args);
    }

    /**
     * {@code data}: {@code threads * SLICE} longs in blocks of {@code BLOCK}, cyclic. In phase p
     * thread t owns slice {@code (t + p) mod threads} and rewrites it under one range acquire (with
     * a nested acquire of a sub-range, random pauses, elements written back to front); element i
     * then holds {@code value(p, t, i)} (writer and phase encoded, so a stale or foreign value is
     * named). Before the barrier every thread prefetches the slice it will read with
     * {@code updateAsync}; odd threads touch the futures only after the barrier, even threads never.
     * After the barrier each thread reads the slice written by its neighbour with a range update,
     * and the whole array with single-element updates; a second barrier ends the phase.
     */
    public static final class CyclicRanges extends Spmd {
        static final int BLOCK = 2;
        static final int SLICE = 24;

        private long[] data;

        @Override
        public void init() {
            data = pool.register(new long[threads() * SLICE], BLOCK, Distribution.CYCLIC);
        }

        /** What thread {@code t} writes into element {@code i} in phase {@code p} (phase 0: never written, 0). */
        static long value(int p, int t, int i) {
            return p == 0 ? 0 : ((long) p << 40) | ((long) (t + 1) << 20) | i;
        }

        private int ownerOfSlice(int slice, int p) {
            return Math.floorMod(slice - p, threads());
        }

        private long expected(int p, int i) {
            int slice = i / SLICE;
            return value(p, p == 0 ? 0 : ownerOfSlice(slice, p), i);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 6);
            Random random = new Random(args.longValue("seed", 1) * 7919 + myThread());
            SharedObject so = pool.sharedObject(data);
            Check.that(so.home(0) == 0 && (nodes() == 1 || so.home(1) == 1), () -> "blocks are not dealt cyclically");
            for (int p = 1; p <= phases; p++) {
                int phase = p;
                int slice = (myThread() + p) % threads();
                int from = slice * SLICE;
                int to = from + SLICE;
                pool.acquire(data, from, to);
                for (int i = from; i < to; i++) {
                    long before = data[i];
                    int index = i;
                    Check.equal(expected(p - 1, i), before, () -> "phase " + phase + ", element " + index + " before its new owner writes it");
                }
                int mid = from + 1 + random.nextInt(SLICE - 2);
                pool.acquire(data, mid, to); // nested: only the outer release publishes
                for (int i = to - 1; i >= from; i--) {
                    data[i] = value(p, myThread(), i);
                    if (random.nextInt(16) == 0) {
                        LockSupport.parkNanos(random.nextInt(200_000));
                    }
                }
                pool.release(data, mid, to);
                pool.release(data, from, to);

                int readSlice = (slice + 1) % threads();
                int readFrom = readSlice * SLICE;
                List<DsmFuture> prefetched = new ArrayList<>();
                for (int i = readFrom; i < readFrom + SLICE; i += BLOCK) {
                    prefetched.add(pool.updateAsync(data, i));
                }
                barrier();
                if (myThread() % 2 == 1) {
                    for (DsmFuture f : prefetched) {
                        Check.that(f.touch() == data, () -> "updateAsync(...).touch() did not return the array");
                    }
                }
                pool.update(data, readFrom, readFrom + SLICE);
                for (int i = readFrom; i < readFrom + SLICE; i++) {
                    int index = i;
                    Check.equal(expected(p, i), data[i], () -> "phase " + phase + ", element " + index + " of the neighbour's slice");
                }
                for (int i = 0; i < data.length; i++) {
                    pool.update(data, i);
                    int index = i;
                    Check.equal(expected(p, i), data[i], () -> "phase " + phase + ", element " + index + " after the barrier");
                }
                barrier();
            }
        }
    }
}
