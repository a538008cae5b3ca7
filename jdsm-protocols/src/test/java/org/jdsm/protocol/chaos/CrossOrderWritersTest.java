package org.jdsm.protocol.chaos;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Instrumented-style writers that take blocks of several arrays in random orders within one
 * interval ({@link CrossOrderWriters}) finish under every protocol, over reordering links, on
 * several node/thread shapes: under SC such writers used to deadlock (each holding a block the
 * other waited for) and this test hit its timeout.
 */
class CrossOrderWritersTest {

    static Stream<Arguments> shapes() {
        List<int[]> shapes = List.of(new int[] {2, 2, 21}, new int[] {3, 2, 22}, new int[] {4, 1, 23}, new int[] {1, 4, 24}, new int[] {3, 3, 25});
        return org.jdsm.protocol.suite.Suite.protocols().stream()
                .flatMap(p -> shapes.stream().map(s -> Arguments.of(p, s[0], s[1], s[2])));
    }

    @ParameterizedTest(name = "{0} {1}x{2} seed {3}")
    @MethodSource("shapes")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void writersTakingBlocksInDifferentOrdersNeverDeadlock(String protocol, int nodes, int threads, int seed) {
        InJvmJob.of(CrossOrderWriters.class).comm("chaos").protocol(protocol).nodes(nodes)
                .threadsPerNode(threads).args(List.of("10", String.valueOf(seed))).run();
    }
}
