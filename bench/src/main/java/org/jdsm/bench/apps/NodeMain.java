package org.jdsm.bench.apps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Rendezvous;
import org.jdsm.runtime.NodeConfig;
import org.jdsm.runtime.NodeRuntime;
import org.jdsm.samples.support.Outcomes;

/**
 * Main of one DSM node JVM of an application run:
 * {@code LIMIT_S SAMPLE JOB_CLASS PROTOCOL THREADS RANK PORTS COMM JOB_ID -- JOB_ARGS...}, the job
 * secret (hex) in {@value #SECRET_ENV}. Runs the sample's {@code Spmd} job through
 * {@link NodeRuntime} with statistics on (node 0 prints every node's counters), NettyComm on
 * 127.0.0.1 with fixed ports ({@link Rendezvous#fixed}), or LocalComm for a one-node job.
 * Reports through {@link ChildReport}; node 0's checksum is the one the sample's validation
 * recorded ({@link Outcomes}).
 */
public final class NodeMain {

    static final String SECRET_ENV = "JDSM_BENCH_APPS_SECRET";
    private static final java.time.Duration CONNECT_TIMEOUT = java.time.Duration.ofSeconds(60);

    private NodeMain() {
    }

    public static void main(String[] args) {
        if (args.length < 10 || !args[9].equals("--")) {
            System.err.println("usage: NodeMain LIMIT_S SAMPLE JOB_CLASS PROTOCOL THREADS RANK PORTS COMM JOB_ID"
                    + " -- JOB_ARGS...");
            System.exit(2);
        }
        String sample = args[1];
        ChildReport report = new ChildReport(sample, Long.parseLong(args[0]));
        try {
            String jobClass = args[2];
            String protocol = args[3];
            int threads = Integer.parseInt(args[4]);
            int rank = Integer.parseInt(args[5]);
            int[] ports = Arrays.stream(args[6].split(",")).mapToInt(Integer::parseInt).toArray();
            String comm = args[7];
            String jobId = args[8];
            List<String> jobArgs = List.of(Arrays.copyOfRange(args, 10, args.length));
            byte[] secret = HexFormat.of().parseHex(System.getenv(SECRET_ENV));
            Outcomes.clear(sample);
            new NodeRuntime(new NodeConfig(comm, commConfig(jobId, rank, ports, comm, secret), protocol, threads,
                    jobClass, NodeMain.class.getClassLoader(), jobArgs, true)).run();
            report.nodeEnded(rank, () -> Outcomes.last(sample).orElse(Double.NaN));
        } catch (Throwable t) {
            t.printStackTrace();
            report.failed(String.valueOf(t));
        }
        ChildReport.awaitParent();
    }

    /** Loopback, one node per port; LocalComm (one node) needs no addresses. */
    private static CommConfig commConfig(String jobId, int rank, int[] ports, String comm, byte[] secret) {
        CommConfig.Builder cc = CommConfig.builder().jobId(jobId).myNode(rank).nodes(ports.length).secret(secret)
                .bindHost("127.0.0.1").connectTimeout(CONNECT_TIMEOUT);
        if (comm.equals("netty")) {
            List<NodeAddress> addresses = new ArrayList<>();
            for (int p : ports) {
                addresses.add(new NodeAddress("127.0.0.1", p));
            }
            cc.rendezvous(Rendezvous.fixed(addresses)).option("netty.port", Integer.toString(ports[rank]));
        }
        return cc.build();
    }
}
