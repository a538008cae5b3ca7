package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.List;
import org.jdsm.LockIds;
import org.jdsm.runtime.DsmStats.Counter;

/**
 * The DSM side of {@link LockCost}: three nodes, one thread each, one named lock. The lock's manager
 * M is whatever the protocol says; the requester R and the third node T are the other two. A command
 * {@code [OP, scenario, iterations, inner, ...]} runs, per iteration: a set-up that puts the lock's
 * token where the scenario wants it (M, T or R locks and unlocks), a barrier, R's measured acquire
 * and a barrier.
 *
 * <p>Command: {@code [OP, scenario, iterations, inner, settleMicros, countPauseMicros]}: R waits
 * {@code settleMicros} before its timed lock(); {@code countPauseMicros > 0} makes a counting pass,
 * which after each barrier waits until this node's Trans workers are all parked idle (checked every
 * {@code countPauseMicros}) before a snapshot, so that every send of the window is counted in it:
 * Trans counts a send only after {@code Comm.asend} returns, and a Trans worker that sent a grant may
 * be preempted right there (the event-loop thread its send woke up takes the CPU) and count it after
 * the barrier. After each snapshot every node passes one more barrier, so R acts only once every
 * node has opened its window and the next set-up starts only once every node has closed it. Barrier messages are sent and counted by the node's own thread inside
 * the barrier, so each counting window holds exactly two barriers' sends (the EMPTY scenario
 * measures them alone).
 *
 * <p>Results of node k: [0] median time of R's measured lock() (ns; for CACHED the mean time of one
 * lock()+unlock() pair over {@code inner} pairs), [1] iterations, [2] messages this node sent in the
 * windows, [3] remote lock acquires of this node in the windows, [4] lock acquires in the windows,
 * [5] manager, [6] requester, [7] third node, [8] messages received in the windows (fuzzy: the next
 * barrier's early messages land in them), [9] fewest and [10] most messages sent in one window,
 * [11] quiescence checks that found a Trans worker busy.
 */
public class LockJob extends DrivenSpmd {

    static final long OP_LOCK = 2;
    static final int EMPTY = 0;
    static final int AT_MANAGER = 1;
    static final int AT_THIRD = 2;
    static final int CACHED = 3;
    static final String LOCK = "bench-lock";

    private int manager;
    private int requester;
    private int third;

    @Override
    protected void setUp(List<String> args) {
        if (nodes() != 3) {
            throw new IllegalArgumentException("LockJob needs 3 nodes, not " + nodes());
        }
        manager = NodeProbe.lockManager(pool, LockIds.named(LOCK));
        requester = (manager + 1) % 3;
        third = (manager + 2) % 3;
    }

    @Override
    protected double[] perform(long[] command, int localThread) {
        if (command[0] != OP_LOCK) {
            throw new IllegalArgumentException("unknown command " + Arrays.toString(command));
        }
        int scenario = (int) command[1];
        int iterations = (int) command[2];
        int inner = (int) Math.max(1, command[3]);
        long settleMicros = command[4];
        long countPauseMicros = command[5];
        int me = myNode();
        double[] times = new double[iterations];
        long sent = 0;
        long received = 0;
        long remote = 0;
        long acquires = 0;
        long minSent = Long.MAX_VALUE;
        long maxSent = 0;
        long busy = 0;
        barrier(); // the command's own control traffic (fetches of the control array) ends before the first window
        for (int k = 0; k < iterations; k++) {
            int placer = switch (scenario) {
                case AT_MANAGER -> manager;
                case AT_THIRD -> third;
                case CACHED -> requester;
                default -> -1;
            };
            if (me == placer) {
                pool.lock(LOCK);
                pool.unlock(LOCK);
            }
            barrier();
            boolean counting = countPauseMicros > 0;
            if (counting) {
                busy += NodeProbe.awaitTransIdle(countPauseMicros);
            }
            long m0 = probe.sentMessages();
            long in0 = probe.receivedMessages();
            long r0 = probe.stat(Counter.LOCK_REMOTE_ACQUIRES);
            long a0 = probe.stat(Counter.LOCK_ACQUIRES);
            if (counting) {
                barrier(); // every node has opened its window before R acts
            }
            if (me == requester && scenario != EMPTY) {
                pause(settleMicros);
                if (scenario == CACHED) {
                    long t0 = System.nanoTime();
                    for (int j = 0; j < inner; j++) {
                        pool.lock(LOCK);
                        pool.unlock(LOCK);
                    }
                    times[k] = (System.nanoTime() - t0) / (double) inner;
                } else {
                    long t0 = System.nanoTime();
                    pool.lock(LOCK);
                    times[k] = System.nanoTime() - t0;
                    pool.unlock(LOCK);
                }
            }
            remote += probe.stat(Counter.LOCK_REMOTE_ACQUIRES) - r0;
            acquires += probe.stat(Counter.LOCK_ACQUIRES) - a0;
            barrier();
            if (counting) {
                busy += NodeProbe.awaitTransIdle(countPauseMicros);
            }
            long d = probe.sentMessages() - m0;
            if (counting) {
                barrier(); // every node has closed its window before the next set-up sends anything
            }
            sent += d;
            minSent = Math.min(minSent, d);
            maxSent = Math.max(maxSent, d);
            received += probe.receivedMessages() - in0;
        }
        double median = me == requester && scenario != EMPTY ? DsmBench.median(times, iterations) : Double.NaN;
        return new double[] {median, iterations, sent, remote, acquires, manager, requester, third, received,
            minSent, maxSent, busy};
    }

    private static void pause(long micros) {
        if (micros > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(micros * 1000L);
        }
    }
}
