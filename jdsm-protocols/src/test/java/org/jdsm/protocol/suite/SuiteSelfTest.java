package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.jdsm.protocol.suite.Check.ConsistencyViolation;
import org.jdsm.protocol.suite.broken.IsolatedProvider;
import org.jdsm.runtime.Pools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Tests of the suite itself: it covers the real protocols, and its checks catch a broken one. */
class SuiteSelfTest {

    @Test
    @Timeout(10)
    void coversTheRealProtocolsButNoBrokenOne() {
        assertTrue(Pools.available().contains("sc"), "sc must be registered: " + Pools.available());
        assertTrue(Pools.available().contains(IsolatedProvider.NAME), "the broken protocol must be on the test class path");
        assertFalse(Suite.protocols().isEmpty(), "no protocol under test");
        assertTrue(Suite.protocols().stream().noneMatch(p -> p.startsWith(Suite.BROKEN_PREFIX)),
                "a broken protocol is under test: " + Suite.protocols());
    }

    static Stream<Arguments> jobsThatMustCatchIt() {
        return Stream.of(
                Arguments.of(LockedCounterTest.CounterJob.class, new String[] {arg("iterations", 5)}),
                Arguments.of(HandoverTest.BarrierHandoverJob.class, new String[] {arg("rounds", 2)}),
                Arguments.of(HandoverTest.LockHandoverJob.class, new String[] {arg("rounds", 2), arg("patienceMillis", 300)}),
                Arguments.of(FalseSharingTest.FalseSharingJob.class, new String[] {arg("rounds", 1)}),
                Arguments.of(AsyncTest.AsyncJob.class, new String[0]),
                Arguments.of(RandomProgramTest.RandomProgramJob.class, new String[] {arg("seed", 1), arg("ops", 20)}),
                Arguments.of(RandomProgramTest.RandomProgramJob.class, new String[] {arg("seed", 1), arg("ops", 20), arg("mixed", 1)}),
                Arguments.of(RandomProgramTest.RandomProgramJob.class, new String[] {arg("seed", 2), arg("ops", 20), arg("mixed", 1),
                        arg("holds", 1)}));
    }

    /** Each data-checking job, run where nodes do not share memory at all, reports a violation. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jobsThatMustCatchIt")
    @Timeout(30)
    void checksCatchAProtocolThatSharesNothing(Class<? extends Spmd> job, String[] args) {
        String message = Jobs.failure(job, IsolatedProvider.NAME, new Shape(2, 2), args);
        assertTrue(message.contains(ConsistencyViolation.PREFIX), () -> "expected a consistency violation, got:\n" + message);
    }
}
