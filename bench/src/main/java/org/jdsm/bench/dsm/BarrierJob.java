package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.List;
import org.jdsm.runtime.DsmStats.Counter;

/**
 * The DSM side of {@link BarrierLatency}: N nodes, one thread each; a command
 * {@code [OP, barriers]} runs that many {@code barrier()} calls back to back.
 *
 * <p>Results of node k: [0] median time between successive barrier exits on this node (ns),
 * [1] barriers, [2] messages this node sent during them, [3] bytes sent, [4] barriers counted by
 * DsmStats.
 */
public class BarrierJob extends DrivenSpmd {

    static final long OP_BARRIER = 3;

    @Override
    protected void setUp(List<String> args) {
        // no shared data: the barrier carries only the (empty) write notices
    }

    @Override
    protected double[] perform(long[] command, int localThread) {
        if (command[0] != OP_BARRIER) {
            throw new IllegalArgumentException("unknown command " + Arrays.toString(command));
        }
        int count = (int) command[1];
        barrier(); // the command's own control traffic is over ...
        NodeProbe.awaitTransIdle(200); // ... and counted
        long m0 = probe.sentMessages();
        long b0 = probe.sentBytes();
        long s0 = probe.stat(Counter.BARRIERS);
        double[] gaps = new double[count];
        long last = System.nanoTime();
        for (int k = 0; k < count; k++) {
            barrier();
            long now = System.nanoTime();
            gaps[k] = now - last;
            last = now;
        }
        return new double[] {DsmBench.median(gaps, count), count, probe.sentMessages() - m0, probe.sentBytes() - b0,
            probe.stat(Counter.BARRIERS) - s0};
    }
}
