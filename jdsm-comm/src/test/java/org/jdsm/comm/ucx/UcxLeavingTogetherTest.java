package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Nodes that fin at the same time, as every node does at the end of a job. Each says goodbye at
 * once, so a peer may finish with this node and half-close its control channel before this node has
 * taken that peer's goodbye out of UCX, which then counts as the peer's failure. Before the fix this
 * node then never half-closed its own side, and the peer sat out fin's whole 10 s grace: in 10 of
 * 60 rounds like these over shared memory.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UcxLeavingTogetherTest {

    private static final int NODES = 4;
    private static final int ROUNDS = 20;
    /** Messages each node sends each node just before fin, so goodbyes queue behind them in UCX. */
    private static final int BURST = 300;
    private static final long CLOSE_BOUND_MILLIS = 5_000;

    @Test
    void nodesLeavingTogetherAfterABurstDoNotWaitOutTheGrace() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            TestMesh mesh = UcxTests.mesh(NODES, 1 << 20, UcxTests.SHARED_MEMORY, RecordingDispatcher::new);
            for (int from = 0; from < NODES; from++) {
                for (int to = 0; to < NODES; to++) {
                    for (int k = 0; k < BURST; k++) {
                        mesh.comm(from).asend(to, new byte[16]);
                    }
                }
            }
            long start = System.nanoTime();
            mesh.close();
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < CLOSE_BOUND_MILLIS, "round " + round + ": fin of " + NODES + " nodes took " + millis + " ms");
        }
    }
}
