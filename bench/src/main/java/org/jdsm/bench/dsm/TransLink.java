package org.jdsm.bench.dsm;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.bench.harness.ChildJvm;
import org.jdsm.bench.harness.FreePorts;
import org.jdsm.bench.harness.Stats;
import org.jdsm.bench.harness.Trial;
import org.jdsm.comm.Comms;
import org.jdsm.trans.MessageHandler;
import org.jdsm.trans.Trans;
import org.jdsm.wire.WireFormat;

/**
 * A diagnostic baseline between the raw Comm and the DSM: request/reply round trips through
 * {@link Trans} over NettyComm between this JVM and a child JVM ({@link TransEchoMain}) that answers
 * every request with the request object itself. Compared with the raw Comm ping-pong it adds what
 * every DSM message pays in Trans: Kryo encoding and decoding on both sides (handlers are
 * non-blocking, as the DSM protocols' are, so Trans runs them on the Comm's I/O thread), and the
 * wake-up of the requesting thread blocked on the reply's future. The DSM adds its protocol on top.
 */
final class TransLink implements AutoCloseable {

    static final int WORKERS = 2;

    private final ChildJvm child;
    private final Trans trans;
    private final long[] rtts = new long[RawComm.MAX_ROUND_TRIPS_PER_REP];

    private TransLink(ChildJvm child, Trans trans) {
        this.child = child;
        this.trans = trans;
    }

    /** Starts the echo JVM and connects to it. */
    static TransLink open(Map<String, String> commOptions) throws Exception {
        byte[] secret = new byte[32];
        SecureRandom random = new SecureRandom();
        random.nextBytes(secret);
        String job = "bench-trans-" + Long.toHexString(random.nextLong());
        int[] ports = FreePorts.pick(2);
        List<String> args = new ArrayList<>(List.of(Long.toString(DsmBench.CHILD_LIFETIME_SECONDS), job,
                DsmCluster.join(ports)));
        commOptions.forEach((k, v) -> args.add(k + "=" + v));
        ChildJvm child = ChildJvm.start("trans-echo", TransEchoMain.class, args,
                Map.of(DsmCluster.SECRET_ENV, HexFormat.of().formatHex(secret)));
        try {
            Trans trans = new Trans(Comms.create("netty"), new WireFormat(), new MessageHandler() {
                @Override
                public boolean nonBlocking() {
                    return true; // replies complete their futures at once
                }

                @Override
                public void received(int fromNode, Object message) {
                    // node 0 only asks
                }
            }, WORKERS);
            trans.init(DsmCluster.commConfig(job, 0, ports, "netty", commOptions, secret));
            child.awaitLine("READY", Duration.ofSeconds(60));
            return new TransLink(child, trans);
        } catch (Exception | Error e) {
            child.close();
            throw e;
        }
    }

    /** A trial whose value is the median request/reply round trip (ns) of {@code payload}, back to back. */
    Trial rttTrial(Object payload) {
        return pacedRttTrial(payload, 0);
    }

    /**
     * Like {@link #rttTrial} with the requesting thread parked for {@code pauseNanos} before each
     * request, so that each round trip starts from idle threads on both sides, as a lock request
     * between two barriers does, instead of from threads still busy with the previous round trip.
     */
    Trial pacedRttTrial(Object payload, long pauseNanos) {
        return budget -> {
            int n = 0;
            long start = System.nanoTime();
            for (long now = start; budget.more(n, start, now); n++) {
                if (pauseNanos > 0) {
                    LockSupport.parkNanos(pauseNanos);
                }
                long t0 = System.nanoTime();
                Object reply = trans.request(1, payload).get(budget.maxNanos() + 10_000_000_000L, TimeUnit.NANOSECONDS);
                now = System.nanoTime();
                if (reply == null || reply.getClass() != payload.getClass()) {
                    throw new IllegalStateException("Trans echo answered " + reply);
                }
                rtts[n] = now - t0;
            }
            return Stats.median(rtts, n);
        };
    }

    @Override
    public void close() {
        try {
            trans.fin();
        } catch (RuntimeException e) {
            System.err.println("trans: fin failed: " + e);
        }
        child.close();
    }
}
