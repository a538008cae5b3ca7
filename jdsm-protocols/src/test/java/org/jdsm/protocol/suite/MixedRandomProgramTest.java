package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.jdsm.protocol.suite.RandomProgramTest.RandomProgramJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RandomProgram}s of the mixed kind (range and asynchronous writes and reads over several
 * blocks, nested locks, a chain of condition waits, fetches started before a barrier and touched
 * after it), checked against {@link SequentialOracle} over LocalComm and the chaos comm, with
 * several threads per node contending for the same blocks and locks. Seeds divisible by 3 use the
 * cyclic distribution. {@code -Djdsm.suite.seed=N} runs only seed N (to replay a failure);
 * {@code -Djdsm.suite.seeds=FROM-TO} runs those at every shape (a soak); {@code -Djdsm.suite.heavy=true}
 * makes each program longer, over fewer locks.
 */
class MixedRandomProgramTest {

    private static final List<Shape> SHAPES = List.of(new Shape(2, 2), new Shape(3, 2), new Shape(4, 1), new Shape(2, 4));

    /** Protocol, shape, comm and seed: by default one seed per shape and comm, a different one each. */
    static Stream<Arguments> runs() {
        Long only = Long.getLong("jdsm.suite.seed");
        String soak = System.getProperty("jdsm.suite.seeds");
        return Jobs.everyProtocol(SHAPES, List.of("local", "chaos")).flatMap(a -> {
            Shape shape = (Shape) a.get()[1];
            String comm = (String) a.get()[2];
            List<Long> seeds;
            if (only != null) {
                seeds = List.of(only);
            } else if (soak != null) {
                String[] range = soak.split("-");
                seeds = LongStream.rangeClosed(Long.parseLong(range[0]), Long.parseLong(range[1])).boxed().toList();
            } else {
                seeds = List.of(101L + SHAPES.indexOf(shape) + (comm.equals("chaos") ? 10 : 0));
            }
            return seeds.stream().map(s -> Arguments.of(a.get()[0], shape, comm, s));
        });
    }

    @ParameterizedTest(name = "{0} {1} {2} seed {3}")
    @MethodSource("runs")
    @Timeout(60)
    void mixedCallsMatchTheSequentialOracle(String protocol, Shape shape, String comm, long seed) {
        // Heavy runs are longer and crowd two locks.
        boolean heavy = Suite.heavy();
        Jobs.runOver(comm, RandomProgramJob.class, protocol, shape, List.of(arg("seed", seed), arg("mixed", 1),
                arg("cyclic", seed % 3 == 0 ? 1 : 0), arg("ops", Math.max(12, (heavy ? 480 : 160) / shape.threads())),
                arg("phases", heavy ? 6 : 4), arg("locks", heavy ? 2 : 3)));
    }
}
