package org.jdsm.bench.dsm;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.ChildJvm;
import org.jdsm.bench.harness.FreePorts;
import org.jdsm.bench.harness.Trial;
import org.jdsm.comm.Comm;
import org.jdsm.comm.Comms;

/**
 * N JVMs running {@link RawBarrierNode}'s dissemination barrier over raw NettyComm: node 0 here,
 * the others in child JVMs ({@link RawBarrierMain}) that loop on barriers and simply wait while
 * node 0 is not measuring.
 */
final class RawBarrier implements AutoCloseable {

    private final List<ChildJvm> children = new ArrayList<>();
    private final RawBarrierNode node;
    private final Comm comm;

    RawBarrier(int nodes, Map<String, String> commOptions) throws Exception {
        byte[] secret = new byte[32];
        SecureRandom random = new SecureRandom();
        random.nextBytes(secret);
        String job = "bench-rawbarrier-" + Long.toHexString(random.nextLong());
        int[] ports = FreePorts.pick(nodes);
        try {
            for (int n = 1; n < nodes; n++) {
                List<String> args = new ArrayList<>(List.of(Long.toString(DsmBench.CHILD_LIFETIME_SECONDS), job,
                        Integer.toString(n), DsmCluster.join(ports)));
                commOptions.forEach((k, v) -> args.add(k + "=" + v));
                children.add(ChildJvm.start("raw" + n, RawBarrierMain.class, args,
                        Map.of(DsmCluster.SECRET_ENV, HexFormat.of().formatHex(secret))));
            }
            node = new RawBarrierNode(nodes);
            comm = Comms.create("netty");
            node.attach(comm);
            comm.init(DsmCluster.commConfig(job, 0, ports, "netty", commOptions, secret), node);
        } catch (Exception | Error e) {
            children.forEach(ChildJvm::close);
            throw e;
        }
    }

    /** A trial whose value is the median time (ns) between successive barrier exits on node 0. */
    Trial trial() {
        return budget -> {
            long[] gaps = new long[budget.maxOps()];
            int n = 0;
            long start = System.nanoTime();
            long last = start;
            for (long now = start; budget.more(n, start, now); n++) {
                node.barrier(budget.maxNanos() / 1_000_000 + 30_000);
                now = System.nanoTime();
                gaps[n] = now - last;
                last = now;
            }
            return org.jdsm.bench.harness.Stats.median(gaps, n);
        };
    }

    @Override
    public void close() {
        try {
            comm.fin();
        } catch (RuntimeException e) {
            System.err.println("raw barrier: fin failed: " + e);
        }
        // all at once: a child that sees another one vanish first only logs about it
        children.parallelStream().forEach(ChildJvm::close);
    }
}
