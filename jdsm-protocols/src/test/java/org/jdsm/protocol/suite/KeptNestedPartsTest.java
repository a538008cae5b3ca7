package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * References kept into the elements of a shared {@code Object[]} (README point 7): every thread takes
 * once, in {@code start()}, each element's position, velocity and grid rows, and writes only through
 * them ever after, each part under a lock of its own, on every node at once: both fields of the
 * position together (so it changes whole), one field of the velocity each (so writers of one nested
 * object merge), every cell of one row of a {@code long[][]} field. Checked after every lock and
 * barrier: the element still holds the kept parts, a part never goes back under its lock, the
 * position's two fields agree, and after each phase every part equals the increments the seeded
 * choices made.
 */
class KeptNestedPartsTest {

    static final int ELEMENTS = 3;
    static final int ROWS = 2;
    static final int COLUMNS = 3;
    /** pos, vel.x, vel.y, then one per row. */
    static final int PARTS = 3 + ROWS;

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void partsWrittenThroughKeptReferencesLoseNothing(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 3), arg("iterations", Math.max(8, 48 / shape.threads())), JobArgs.seedArg(29));
        Jobs.runOver(comm, KeptParts.class, protocol, shape, args);
    }

    /** A position or velocity: a nested object of a class of the job's. */
    public static final class Vec {
        public long x;
        public long y;
    }

    public static final class Particle {
        public Vec pos = new Vec();
        public Vec vel = new Vec();
        public long[][] grid = new long[ROWS][COLUMNS];
        public long id;
    }

    public static final class KeptParts extends Spmd {
        private Particle[] shared;

        @Override
        public void init() {
            Particle[] particles = new Particle[ELEMENTS];
            for (int i = 0; i < ELEMENTS; i++) {
                particles[i] = new Particle();
                particles[i].id = i;
            }
            shared = pool.register(particles, ELEMENTS);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            JobArgs.Plan plan = args.plan(myThread());
            pool.update(shared, 0, ELEMENTS);
            Vec[] pos = new Vec[ELEMENTS];
            Vec[] vel = new Vec[ELEMENTS];
            long[][][] rows = new long[ELEMENTS][ROWS][];
            for (int e = 0; e < ELEMENTS; e++) {
                pos[e] = shared[e].pos;
                vel[e] = shared[e].vel;
                for (int r = 0; r < ROWS; r++) {
                    rows[e][r] = shared[e].grid[r];
                }
            }
            long[][] lastSeen = new long[ELEMENTS][PARTS];
            for (int phase = 0; phase < plan.phases(); phase++) {
                for (int i = 0; i < plan.iterations(); i++) {
                    int choice = plan.choices().nextInt(ELEMENTS * PARTS);
                    int e = choice / PARTS;
                    int part = choice % PARTS;
                    String lock = "e" + e + "-part" + part;
                    pool.lock(lock);
                    pool.readCheck(shared, e);
                    sameParts(e, pos, vel, rows, "lock " + lock);
                    long seen = read(part, pos[e], vel[e], rows[e]);
                    Check.that(seen >= lastSeen[e][part], () -> lock + " went back from " + lastSeen[e][part] + " to " + seen);
                    JobArgs.maybePause(plan.pauses(), 3, 150_000);
                    pool.writeCheck(shared, e);
                    write(part, pos[e], vel[e], rows[e], seen + 1);
                    lastSeen[e][part] = seen + 1;
                    JobArgs.maybePause(plan.pauses(), 3, 150_000);
                    pool.unlock(lock);
                }
                barrier();
                for (int e = 0; e < ELEMENTS; e++) {
                    pool.readCheck(shared, e);
                    sameParts(e, pos, vel, rows, "barrier");
                }
                checkTotals(args, phase + 1, plan.iterations(), pos, vel, rows);
                barrier();
            }
        }

        private static long read(int part, Vec pos, Vec vel, long[][] rows) {
            return switch (part) {
                case 0 -> {
                    Check.equal(pos.x, pos.y, () -> "position fields written together");
                    yield pos.x;
                }
                case 1 -> vel.x;
                case 2 -> vel.y;
                default -> {
                    long[] row = rows[part - 3];
                    for (long cell : row) {
                        Check.equal(row[0], cell, () -> "cells of a row written together");
                    }
                    yield row[0];
                }
            };
        }

        private static void write(int part, Vec pos, Vec vel, long[][] rows, long v) {
            switch (part) {
                case 0 -> {
                    pos.x = v;
                    pos.y = v;
                }
                case 1 -> vel.x = v;
                case 2 -> vel.y = v;
                default -> java.util.Arrays.fill(rows[part - 3], v);
            }
        }

        private void sameParts(int e, Vec[] pos, Vec[] vel, long[][][] rows, String after) {
            Particle p = shared[e];
            Check.that(p.pos == pos[e] && p.vel == vel[e], () -> "element " + e + " holds other objects than the kept ones on node "
                    + myNode() + " after " + after);
            for (int r = 0; r < ROWS; r++) {
                int row = r;
                Check.that(p.grid[r] == rows[e][r], () -> "element " + e + " row " + row + " is not the kept row after " + after);
            }
        }

        private void checkTotals(JobArgs args, int phasesDone, int iterations, Vec[] pos, Vec[] vel, long[][][] rows) {
            long[] expected = args.replayed(threads(), phasesDone * iterations, ELEMENTS * PARTS, r -> r.nextInt(ELEMENTS * PARTS));
            for (int c = 0; c < expected.length; c++) {
                int e = c / PARTS;
                int part = c % PARTS;
                Check.equal(expected[c], read(part, pos[e], vel[e], rows[e]), () -> "element " + e + " part " + part
                        + " through the kept references after phase " + phasesDone + " (lost increments)");
            }
        }
    }
}
