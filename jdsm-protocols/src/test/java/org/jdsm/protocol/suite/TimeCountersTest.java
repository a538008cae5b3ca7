package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jdsm.runtime.DsmStats;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** FETCH_WAIT_NANOS and DIFF_NANOS count time exactly on the nodes that waited for blocks or made or applied diffs. */
class TimeCountersTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void fetchWaitOnlyWhereBlocksArrived(String protocol) {
        InJvmJob job = run(protocol);
        assertEquals(0, job.nodeStats(0).get(Counter.FETCH_WAIT_NANOS), "the home never waits: it reads nothing");
        DsmStats reader = job.nodeStats(2);
        assertTrue(reader.get(Counter.FETCHES) > 0, "the reader fetched");
        assertTrue(reader.get(Counter.FETCH_WAIT_NANOS) > 0, "the reader waited for its fetch");
        for (int node = 0; node < 3; node++) {
            assertTrue(job.nodeStats(node).get(Counter.BARRIER_WAIT_NANOS) > 0, "node " + node + " was in barriers");
        }
    }

    /** Only LRC diffs; SC writes whole blocks back, so its diff time stays 0 everywhere. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void diffTimeOnlyWhereDiffsWereMadeOrApplied(String protocol) {
        InJvmJob job = run(protocol);
        boolean diffs = job.nodeStats(1).get(Counter.DIFFS_SENT) > 0;
        assertEquals(protocol.equals("lrc"), diffs, "which protocols send diffs");
        assertEquals(diffs, job.nodeStats(1).get(Counter.DIFF_NANOS) > 0, "the writer's diff time");
        assertEquals(diffs, job.nodeStats(0).get(Counter.DIFF_NANOS) > 0, "the home's time applying the diff");
        assertEquals(diffs ? 1 : 0, job.nodeStats(0).get(Counter.DIFFS_APPLIED), "diffs applied at the home");
        assertEquals(0, job.nodeStats(2).get(Counter.DIFF_NANOS), "the reader neither makes nor applies diffs");
    }

    static InJvmJob run(String protocol) {
        InJvmJob job = InJvmJob.of(RemoteWriteJob.class).protocol(protocol).comm(Suite.comm()).nodes(3).threadsPerNode(1);
        job.run();
        return job;
    }
}
