package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Element objects of a shared {@code Object[]} kept in local variables across synchronization, as
 * users write {@code mine.add(particles[k])} once and then {@code for (Particle p : mine) p.x += ...}
 * in every step. The elements of each block belong to threads of both nodes, so every step
 * publishes diffs and invalidates and refetches the blocks. Checked: every write made through a
 * kept reference reaches the array, and a kept reference reads what its element's writer stored.
 */
class ElementAliasesTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocol(List.of(new Shape(2, 2)), List.of("local", "netty"));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void writesThroughKeptElementsAcrossBarriersAreKept(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, KeptWriters.class, protocol, shape, List.of(arg("steps", 4)));
    }

    /** References taken in {@code init()}: on a node that is not a block's home, before its first fetch. */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void writesThroughElementsKeptSinceInitAreKept(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, KeptWriters.class, protocol, shape, List.of(arg("steps", 4), arg("keptInInit", 1)));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void writesThroughKeptRowsAreKept(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, KeptRows.class, protocol, shape, List.of(arg("steps", 4)));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void keptElementsReadOtherNodesWritesAfterBarriers(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, KeptReaders.class, protocol, shape, List.of(arg("steps", 4)));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void incrementsThroughOneKeptElementUnderALockAreKept(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, KeptCounter.class, protocol, shape, List.of(arg("iterations", 6)));
    }

    /** A mutable element, as a user's particle. */
    public static final class Particle {
        public long x;
    }

    static final int LENGTH = 16;
    /** Four elements a block: with elements dealt round the threads, every block is written from both nodes. */
    static final int BLOCK = 4;

    static Particle[] particles() {
        Particle[] out = new Particle[LENGTH];
        for (int k = 0; k < LENGTH; k++) {
            out[k] = new Particle();
        }
        return out;
    }

    /**
     * Each thread keeps its elements (k with k mod threads = its id), taken at the start or from a
     * copy of the array made in {@code init()}, and adds 1 to each in every step.
     */
    public static final class KeptWriters extends Spmd {
        private Particle[] particles;
        private Particle[] keptInInit;

        @Override
        public void init() {
            particles = pool.register(particles(), BLOCK);
            keptInInit = particles.clone();
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int steps = args.integer("steps", 4);
            Particle[] source = args.integer("keptInInit", 0) == 1 ? keptInInit : particles;
            pool.update(particles);
            List<Integer> indices = new ArrayList<>();
            List<Particle> mine = new ArrayList<>();
            for (int k = myThread(); k < LENGTH; k += threads()) {
                indices.add(k);
                mine.add(source[k]);
            }
            barrier();
            for (int s = 0; s < steps; s++) {
                for (int j = 0; j < mine.size(); j++) {
                    pool.acquire(particles, indices.get(j));
                    mine.get(j).x++;
                    pool.release(particles, indices.get(j));
                }
                barrier();
            }
            pool.update(particles);
            for (int k = 0; k < LENGTH; k++) {
                int index = k;
                Check.equal(steps, particles[k].x, () -> "element " + index + " after " + steps
                        + " steps of writes through a kept reference");
            }
        }
    }

    /**
     * Each element's owner writes it through the array; every thread keeps a reference to an element
     * of a thread on another node and reads it after each barrier.
     */
    public static final class KeptReaders extends Spmd {
        private Particle[] particles;

        @Override
        public void init() {
            particles = pool.register(particles(), BLOCK);
        }

        @Override
        public void start() {
            int steps = JobArgs.of(this).integer("steps", 4);
            int watched = (myThread() + threadsPerNode()) % threads();
            pool.update(particles);
            Particle kept = particles[watched];
            barrier();
            for (int s = 0; s < steps; s++) {
                for (int k = myThread(); k < LENGTH; k += threads()) {
                    pool.acquire(particles, k);
                    particles[k].x = s + 1;
                    pool.release(particles, k);
                }
                barrier();
                pool.update(particles, watched);
                int step = s;
                Check.equal(s + 1, kept.x, () -> "element " + watched + " read through a reference kept since the start, step " + step);
                barrier();
            }
        }
    }

    /** Rows of a {@code long[][]}, two a block; each thread keeps every row and adds 1 to its own column of each in every step. */
    public static final class KeptRows extends Spmd {
        static final int ROWS = 4;
        private long[][] m;

        @Override
        public void init() {
            m = pool.register(new long[ROWS][threads()], 2);
        }

        @Override
        public void start() {
            int steps = JobArgs.of(this).integer("steps", 4);
            pool.update(m);
            long[][] kept = m.clone();
            barrier();
            for (int s = 0; s < steps; s++) {
                for (int r = 0; r < ROWS; r++) {
                    pool.acquire(m, r);
                    kept[r][myThread()]++;
                    pool.release(m, r);
                }
                barrier();
            }
            pool.update(m);
            for (int r = 0; r < ROWS; r++) {
                for (int c = 0; c < threads(); c++) {
                    int row = r;
                    int column = c;
                    Check.equal(steps, m[r][c], () -> "row " + row + ", column " + column + " after writes through a row kept since the start");
                }
            }
        }
    }

    /** Every thread keeps a reference to element 0 and increments it under one lock. */
    public static final class KeptCounter extends Spmd {
        private Particle[] particles;

        @Override
        public void init() {
            particles = pool.register(particles(), BLOCK);
        }

        @Override
        public void start() {
            int iterations = JobArgs.of(this).integer("iterations", 6);
            pool.update(particles, 0);
            Particle counter = particles[0];
            barrier();
            for (int i = 0; i < iterations; i++) {
                pool.lock("counter");
                pool.acquire(particles, 0);
                counter.x++;
                pool.release(particles, 0);
                pool.unlock("counter");
            }
            barrier();
            pool.update(particles, 0);
            Check.equal((long) iterations * threads(), particles[0].x, () -> "element 0 after increments through a kept reference");
        }
    }
}
