package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.List;
import org.jdsm.runtime.DsmStats.Counter;

/**
 * The DSM side of {@link DsmPingPong}: two nodes, one thread each. For every size a {@code double[]}
 * is registered as ONE block (home: node 0). A command {@code [OP, sizeIndex, rounds]} makes each
 * node loop {@code rounds} times: acquire the whole array, check it, write every element, release.
 * The lock's FIFO queue hands the block over at every release, so the nodes alternate.
 *
 * <p>Verification. Element i holds {@code seq * 2^20 + i}; each write stores the next sequence number
 * (node 0 writes odd, node 1 even numbers). An acquire must see the other node's latest write, i.e.
 * {@code seq == myLastWrite + 1}, in every element: anything else (an older value, a mixture, a
 * number skipped) fails the job with the index and values. One case is not an error of the DSM:
 * seeing one's own last write again, which happens when a node re-acquires its cached lock before the
 * other node's request for it arrived. The node then releases without writing and tries again after
 * a short park; such retries are counted and reported (and fail the run with {@code strict}, except
 * until a node has seen a write the other node made in this command: before that the other node may
 * simply not have started its loop yet).
 *
 * <p>Results of node k: [0] median time between successive successful acquires on this node
 * (one round = two handovers), [1] successful rounds, [2] retries, [3] messages sent, [4] bytes sent,
 * [5] median ns of own work per round (check + write), [6] fetches, [7] diffs sent, [8] remote lock
 * acquires, [9] invalidations.
 */
public class PingPongJob extends DrivenSpmd {

    static final long OP_PINGPONG = 1;
    static final double SCALE = 1 << 20;
    static final int MAX_ELEMENTS = 1 << 20;

    private double[][] arrays;
    /** {@code 0, 1, 2, ...} as doubles, as long as the largest array: lets the check and write loops vectorize. */
    private double[] indices;
    private long[] lastWrite;
    private boolean strict;

    @Override
    protected void setUp(List<String> args) {
        // args: strict(true|false) size1 size2 ... (bytes)
        strict = Boolean.parseBoolean(args.get(0));
        List<String> sizes = args.subList(1, args.size());
        arrays = new double[sizes.size()][];
        lastWrite = new long[sizes.size()];
        indices = new double[0];
        for (int s = 0; s < arrays.length; s++) {
            int n = Integer.parseInt(sizes.get(s)) / Double.BYTES;
            if (n < 1 || n > MAX_ELEMENTS) {
                throw new IllegalArgumentException("ping-pong arrays hold 1.." + MAX_ELEMENTS + " doubles, not " + n);
            }
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = i; // sequence 0, attributed to node 1 (so node 0 writes first: 1, 3, 5, ...)
            }
            if (n > indices.length) {
                indices = a.clone();
            }
            arrays[s] = pool.register(a, n);
            lastWrite[s] = myNode() == 0 ? -1 : 0;
        }
    }

    @Override
    protected double[] perform(long[] command, int localThread) {
        if (command[0] != OP_PINGPONG) {
            throw new IllegalArgumentException("unknown command " + Arrays.toString(command));
        }
        int s = (int) command[1];
        int rounds = (int) command[2];
        double[] a = arrays[s];
        long[] acquiredAt = new long[rounds];
        long[] work = new long[rounds];
        long retries = 0;
        barrier(); // the command's own control traffic is over ...
        NodeProbe.awaitTransIdle(200); // ... and counted
        long msgs = probe.sentMessages();
        long bytes = probe.sentBytes();
        long fetches = probe.stat(Counter.FETCHES);
        long diffs = probe.stat(Counter.DIFFS_SENT);
        long remote = probe.stat(Counter.LOCK_REMOTE_ACQUIRES);
        long inval = probe.stat(Counter.INVALIDATIONS);
        int done = 0;
        long startLast = lastWrite[s];
        boolean otherStarted = false; // the other node has written during this command (it is in its loop)
        while (done < rounds) {
            pool.acquire(a);
            long t0 = System.nanoTime();
            long seen = (long) (a[0] / SCALE);
            if (seen == lastWrite[s]) {
                pool.release(a);
                retries++;
                if (strict && otherStarted) {
                    throw new IllegalStateException("node " + myNode() + " re-acquired " + a.length
                            + " doubles and saw its own last write " + seen + " (no alternation; strict mode)");
                }
                // Let the other node's request in, leaving the CPU to the threads that carry it: on 2
                // cores, yields in a loop instead doubled the retries and the 1 KiB handover time
                // (quick runs: 2831 vs 1217 retries per 1000 rounds, 239 vs 178 µs).
                java.util.concurrent.locks.LockSupport.parkNanos(1000);
                continue;
            }
            if (seen != lastWrite[s] + 1) {
                throw new IllegalStateException("ping-pong FAIL on node " + myNode() + ", " + a.length * 8
                        + " bytes: acquire saw write #" + seen + " but the other node's latest is #"
                        + (lastWrite[s] + 1) + " (my last write: #" + lastWrite[s] + ")");
            }
            otherStarted |= seen > startLast + 1;
            checkAndWrite(a, indices, seen, myNode());
            long t1 = System.nanoTime();
            pool.release(a);
            lastWrite[s] = seen + 1;
            acquiredAt[done] = t0;
            work[done] = t1 - t0;
            done++;
        }
        long[] gaps = new long[Math.max(1, rounds - 1)];
        for (int r = 1; r < rounds; r++) {
            gaps[r - 1] = acquiredAt[r] - acquiredAt[r - 1];
        }
        double medianRound = rounds > 1 ? median(gaps, rounds - 1) : Double.NaN;
        return new double[] {medianRound, rounds, retries, probe.sentMessages() - msgs, probe.sentBytes() - bytes,
            median(work, rounds), probe.stat(Counter.FETCHES) - fetches, probe.stat(Counter.DIFFS_SENT) - diffs,
            probe.stat(Counter.LOCK_REMOTE_ACQUIRES) - remote, probe.stat(Counter.INVALIDATIONS) - inval};
    }

    /**
     * Checks that every element holds write #{@code seen} (failing loudly), then stores write #{@code seen + 1}.
     * {@code indices[i]} is {@code i}: adding it instead of converting {@code i} lets C2 vectorize both
     * loops, which then cost about a quarter of the time (1 MiB: 167 instead of 564 µs), so the
     * handover time holds less of the benchmark's own work.
     */
    private static void checkAndWrite(double[] a, double[] indices, long seen, int node) {
        double base = seen * SCALE;
        long bad = 0;
        for (int i = 0; i < a.length; i++) {
            bad |= Double.doubleToRawLongBits(a[i]) ^ Double.doubleToRawLongBits(indices[i] + base);
        }
        if (bad != 0) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] != base + i) {
                    throw new IllegalStateException("ping-pong FAIL on node " + node + ", " + a.length * 8
                            + " bytes: element " + i + " holds " + a[i] + " (write #" + (long) Math.floor(a[i] / SCALE)
                            + "), expected " + (base + i) + " (write #" + seen + ", as element 0 says)");
                }
            }
        }
        double next = base + SCALE;
        for (int i = 0; i < a.length; i++) {
            a[i] = indices[i] + next;
        }
    }

    private static double median(long[] v, int n) {
        long[] c = Arrays.copyOf(v, n);
        Arrays.sort(c);
        return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2.0;
    }
}
