package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.jdsm.protocol.suite.RandomProgramTest.RandomProgramJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RandomProgram}s of the mixed kind (range and asynchronous writes and reads over several
 * blocks, nested locks, a chain of condition waits, fetches started before a barrier and touched
 * after it), checked against {@link SequentialOracle} over LocalComm and the chaos comm, with
 * several threads per node contending for the same blocks and locks. Seeds divisible by 3 use the
 * cyclic distribution.
 *
 * <p>{@code -Djdsm.suite.seed=N} runs only seed N (to replay a failure); {@code -Djdsm.suite.seeds=FROM-TO}
 * runs those at every shape (a soak); {@code -Djdsm.suite.heavy=true} makes each program longer, over
 * fewer locks, and adds shapes of 3 and 6 threads per node; {@code -Djdsm.suite.width=W} widens every
 * element to W array elements (large blocks, twins and diffs, as {@link RandomProgramTest#WIDE} does).
 */
class MixedRandomProgramTest {

    private static final List<Shape> SHAPES = List.of(new Shape(2, 2), new Shape(3, 2), new Shape(4, 1), new Shape(2, 4));
    /** Heavy runs add more threads per node, contending for the same blocks and locks. */
    private static final List<Shape> HEAVY_SHAPES = List.of(new Shape(3, 3), new Shape(2, 6));
    /** The default runs with holds (a few seconds): three nodes of two threads over LocalComm, four nodes over the chaos comm. */
    private static final Shape HOLD_LOCAL = new Shape(3, 2);
    private static final Shape HOLD_CHAOS = new Shape(4, 1);

    /** Protocol, shape, comm and seed: by default one seed per shape and comm, a different one each. */
    static Stream<Arguments> runs() {
        List<Shape> shapes = Suite.heavy() ? Stream.concat(SHAPES.stream(), HEAVY_SHAPES.stream()).toList() : SHAPES;
        return Jobs.everyProtocol(shapes, List.of("local", "chaos")).flatMap(a -> {
            Shape shape = (Shape) a.get()[1];
            String comm = (String) a.get()[2];
            List<Long> seeds = Suite.seeds(List.of(101L + shapes.indexOf(shape) + (comm.equals("chaos") ? 10 : 0)));
            return seeds.stream().map(s -> Arguments.of(a.get()[0], shape, comm, s));
        });
    }

    /** A run that hangs fails naming its seed (JUnit's own time-out names only the method). */
    @ParameterizedTest(name = "{0} {1} {2} seed {3}")
    @MethodSource("runs")
    void mixedCallsMatchTheSequentialOracle(String protocol, Shape shape, String comm, long seed) {
        run(protocol, shape, comm, seed, 0);
    }

    /**
     * Programs with holds across barriers ({@link HeldUnits}): blocks and a single shared object taken
     * with {@code acquireAsync} before a barrier, touched, written and released after it, among lock
     * and block ops (the lowest lock maybe held across the releases), by several threads of a node.
     * By default one seed per protocol at 3x2 over LocalComm and 4x1 over the chaos comm; soaks
     * ({@code -Djdsm.suite.seeds}, {@code -Djdsm.suite.heavy}) at every shape over both.
     */
    @ParameterizedTest(name = "{0} {1} {2} seed {3}")
    @MethodSource("holdRuns")
    void holdsAcrossBarriersMatchTheSequentialOracle(String protocol, Shape shape, String comm, long seed) {
        run(protocol, shape, comm, seed, 1);
    }

    static Stream<Arguments> holdRuns() {
        boolean soak = Suite.heavy() || System.getProperty("jdsm.suite.seeds") != null;
        List<Shape> shapes = Suite.heavy() ? Stream.concat(SHAPES.stream(), HEAVY_SHAPES.stream()).toList() : SHAPES;
        Stream<Arguments> runs = soak ? Jobs.everyProtocol(shapes, List.of("local", "chaos")) : Jobs.localAndChaos(List.of(HOLD_LOCAL), HOLD_CHAOS);
        return runs.flatMap(a -> {
            Shape shape = (Shape) a.get()[1];
            String comm = (String) a.get()[2];
            List<Long> seeds = Suite.seeds(List.of(201L + shapes.indexOf(shape) + (comm.equals("chaos") ? 10 : 0)));
            return seeds.stream().map(s -> Arguments.of(a.get()[0], shape, comm, s));
        });
    }

    private static void run(String protocol, Shape shape, String comm, long seed, int holds) {
        // Heavy runs are longer and crowd two locks.
        boolean heavy = Suite.heavy();
        List<String> args = List.of(arg("seed", seed), arg("mixed", 1), arg("cyclic", seed % 3 == 0 ? 1 : 0),
                arg("ops", Math.max(12, (heavy ? 480 : 160) / shape.threads())), arg("phases", heavy ? 6 : 4),
                arg("locks", heavy ? 2 : 3), arg("width", Integer.getInteger("jdsm.suite.width", 1)), arg("holds", holds));
        String run = "mixed random program " + args + " under " + protocol + " at " + shape + " over " + comm;
        // The stacks are taken before the time-out interrupts the job: where its threads wait says why it hung.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Jobs.runOver(comm, RandomProgramJob.class, protocol, shape, args),
                () -> {
                    ThreadStacks.print(run);
                    return run + " hung (replay with -Djdsm.suite.seed=" + seed + "; thread stacks on stderr)";
                });
    }
}
