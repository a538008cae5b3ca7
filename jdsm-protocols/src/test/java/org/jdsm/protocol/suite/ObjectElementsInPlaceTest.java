package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A shared array of mutable objects whose elements are changed in place ({@code cells[i].count++},
 * the element reference unchanged) under {@code acquire(cells, i)}, by threads of every node; half
 * of the elements are replaced instead. Checked: under the block's lock a count never goes back,
 * and after each barrier every count equals the increments the seeded choices made.
 */
class ObjectElementsInPlaceTest {

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void elementsChangedInPlaceUnderTheirBlockLockLoseNothing(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, InPlaceCells.class, protocol, shape, List.of(arg("phases", 3), arg("iterations", 12), arg("seed", 3)));
    }

    /** A mutable element with identity {@code equals}. */
    public static final class Cell {
        public long count;
    }

    public static final class InPlaceCells extends Spmd {
        static final int CELLS = 8;

        private Cell[] cells;

        @Override
        public void init() {
            cells = new Cell[CELLS];
            for (int i = 0; i < CELLS; i++) {
                cells[i] = new Cell();
            }
            pool.register(cells, 2);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 3);
            int iterations = args.integer("iterations", 8);
            Random choices = args.choices(myThread());
            Random pauses = args.pauses(myThread());
            long[] lastSeen = new long[CELLS];
            for (int phase = 0; phase < phases; phase++) {
                for (int k = 0; k < iterations; k++) {
                    int i = choices.nextInt(CELLS);
                    pool.acquire(cells, i);
                    long seen = cells[i].count;
                    int index = i;
                    Check.that(seen >= lastSeen[i], () -> "cell " + index + " went back from " + lastSeen[index] + " to " + seen);
                    if (i % 2 == 0) {
                        cells[i].count++; // in place
                    } else {
                        Cell next = new Cell();
                        next.count = seen + 1;
                        cells[i] = next; // replaced
                    }
                    lastSeen[i] = seen + 1;
                    if (pauses.nextInt(3) == 0) {
                        LockSupport.parkNanos(pauses.nextInt(100_000));
                    }
                    pool.release(cells, i);
                }
                barrier();
                long[] expected = new long[CELLS];
                for (int t = 0; t < threads(); t++) {
                    Random replay = args.choices(t);
                    for (int k = 0; k < (phase + 1) * iterations; k++) {
                        expected[replay.nextInt(CELLS)]++;
                    }
                }
                pool.update(cells);
                for (int i = 0; i < CELLS; i++) {
                    int index = i;
                    int after = phase + 1;
                    Check.equal(expected[i], cells[i].count, () -> "cell " + index + " after phase " + after + " (lost increments)");
                }
                barrier();
            }
        }
    }
}
