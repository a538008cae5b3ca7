package org.jdsm.protocol.chaos;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every protocol runs {@link RotatingOwnership}, {@link PlainAccessStyle}, {@link BlindWriters},
 * {@link CrossOrderWriters}, {@link HomeWritesHandedOver} and {@link RangeReaders} over {@link ChaosComm}, where messages
 * between different pairs of nodes overtake each other at random, with several node/thread shapes
 * and seeds.
 */
class ChaosStressTest {

    /**
     * Protocol, nodes, threads and seed of each run. {@code -Djdsm.chaos.rounds=FROM-TO} runs every
     * shape once per round r in that range with seed {@code base + 100 r} (a soak; the default run is
     * round 0).
     */
    static Stream<Arguments> shapes() {
        List<int[]> shapes = List.of(new int[] {2, 2, 11}, new int[] {4, 2, 12}, new int[] {3, 3, 13},
                new int[] {8, 1, 14}, new int[] {5, 2, 15});
        String[] rounds = System.getProperty("jdsm.chaos.rounds", "0-0").split("-");
        return org.jdsm.protocol.suite.Suite.protocols().stream()
                .flatMap(p -> IntStream.rangeClosed(Integer.parseInt(rounds[0]), Integer.parseInt(rounds[1]))
                        .boxed().flatMap(r -> shapes.stream().map(s -> Arguments.of(p, s[0], s[1], s[2] + 100 * r))));
    }

    @ParameterizedTest(name = "plain access {0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void instrumentedStyleWritesMergeAndPublish(String protocol, int nodes, int threads, int seed) {
        overChaos(PlainAccessStyle.class, protocol, nodes, threads, "4", "15");
    }

    /** {@link BlindWriters}: writes with no read before them, handed from another node to the home, lose nothing. */
    @ParameterizedTest(name = "blind writers {0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void blindWritesOfRotatingOwnersLoseNothing(String protocol, int nodes, int threads, int seed) {
        overChaos(BlindWriters.class, protocol, nodes, threads, "20", String.valueOf(seed));
    }

    /**
     * {@link CrossOrderWriters}: instrumented-style writers taking blocks in random orders within an
     * interval finish (under SC they used to deadlock, and this hit its timeout).
     */
    @ParameterizedTest(name = "cross-order writers {0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writersTakingBlocksInDifferentOrdersNeverDeadlock(String protocol, int nodes, int threads, int seed) {
        overChaos(CrossOrderWriters.class, protocol, nodes, threads, "10", String.valueOf(seed));
    }

    /**
     * {@link HomeWritesHandedOver}: a home's writes, handed through a lock to the next reader (often
     * on another node) while the home publishes again, arrive whole and never go back.
     */
    @ParameterizedTest(name = "home writes handed over {0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void homeWritesHandedOverThroughLocksArriveWhole(String protocol, int nodes, int threads, int seed) {
        overChaos(HomeWritesHandedOver.class, protocol, nodes, threads, "40", String.valueOf(seed));
    }

    /**
     * {@link RangeReaders}: a range of small blocks read in one call while writers elsewhere publish
     * them (under LRC one fetch per home, waiting there for diffs) shows one whole round.
     */
    @ParameterizedTest(name = "range readers {0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void rangesReadInOneCallShowWholeRounds(String protocol, int nodes, int threads, int seed) {
        overChaos(RangeReaders.class, protocol, nodes, threads, "15", String.valueOf(seed));
    }

    @ParameterizedTest(name = "{0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void survivesReorderedMessages(String protocol, int nodes, int threads, int seed) {
        overChaos(RotatingOwnership.class, protocol, nodes, threads, "6", "60", String.valueOf(seed));
    }

    /** Runs {@code job} with {@code args} on {@code nodes} x {@code threads} over ChaosComm; it throws if its checks fail. */
    private static void overChaos(Class<? extends Spmd> job, String protocol, int nodes, int threads, String... args) {
        InJvmJob.of(job).comm("chaos").protocol(protocol).nodes(nodes).threadsPerNode(threads).args(List.of(args)).run();
    }
}
