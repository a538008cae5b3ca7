package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
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

    /** What a thread keeps of one particle. */
    record Kept(Vec pos, Vec vel, long[][] rows) {
    }

    public static final class KeptParts extends KeptPartsJob<Particle, Kept> {

        @Override
        protected Particle[] elements() {
            Particle[] particles = new Particle[ELEMENTS];
            for (int i = 0; i < ELEMENTS; i++) {
                particles[i] = new Particle();
                particles[i].id = i;
            }
            return particles;
        }

        @Override
        protected Kept keep(Particle p) {
            return new Kept(p.pos, p.vel, p.grid.clone());
        }

        @Override
        protected int parts() {
            return PARTS;
        }

        @Override
        protected long read(Kept kept, int part) {
            return switch (part) {
                case 0 -> {
                    Check.equal(kept.pos.x, kept.pos.y, () -> "position fields written together");
                    yield kept.pos.x;
                }
                case 1 -> kept.vel.x;
                case 2 -> kept.vel.y;
                default -> {
                    long[] row = kept.rows[part - 3];
                    for (long cell : row) {
                        Check.equal(row[0], cell, () -> "cells of a row written together");
                    }
                    yield row[0];
                }
            };
        }

        @Override
        protected void write(Kept kept, int part, long v) {
            switch (part) {
                case 0 -> {
                    kept.pos.x = v;
                    kept.pos.y = v;
                }
                case 1 -> kept.vel.x = v;
                case 2 -> kept.vel.y = v;
                default -> java.util.Arrays.fill(kept.rows[part - 3], v);
            }
        }

        @Override
        protected void check(Particle p, Kept kept, String after) {
            Check.that(p.pos == kept.pos && p.vel == kept.vel, () -> "element " + p.id + " holds other objects than the kept ones after "
                    + after);
            for (int r = 0; r < ROWS; r++) {
                int row = r;
                Check.that(p.grid[r] == kept.rows[r], () -> "element " + p.id + " row " + row + " is not the kept row after " + after);
            }
        }
    }
}
