package org.jdsm.bench.apps;

import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.ChildJvm;
import org.jdsm.bench.harness.FreePorts;
import org.jdsm.launch.NodeJvm;

/**
 * Runs one configuration of one application once, in fresh child JVMs started by the harness
 * ({@link ChildJvm}: same java, class path and JVM options as the benchmark; their CPU time counts
 * as the benchmark's own in the noise line): plain Java in one JVM ({@link PlainMain}), JDSM as one
 * JVM per node ({@link NodeMain}, with the options {@code jdsm run} gives node JVMs that share the
 * cores: {@link NodeJvm#coreSharingOptions}), Hazelcast as one JVM per member ({@link HzMain}).
 * Every configuration starts cold (a new JVM, JIT included), the same for all; the kernel time comes from
 * the sample's own PASS line, so JVM start-up, mesh set-up, input generation and validation are
 * outside it.
 */
final class AppRunner {

    private static final SecureRandom RANDOM = new SecureRandom();
    /** How long the other nodes may take to report after node 0 did. */
    private static final Duration PEER_END = Duration.ofSeconds(30);

    private final long limitSeconds;

    /** @param limitSeconds a run's limit: a child still running after it dumps its threads and fails */
    AppRunner(long limitSeconds) {
        this.limitSeconds = limitSeconds;
    }

    long limitSeconds() {
        return limitSeconds;
    }

    RunResult run(AppSpec app, Setup setup, List<String> jobArgs) {
        String label = app.key() + "/" + setup.label;
        List<ChildJvm> children = new ArrayList<>();
        try {
            ChildJvm main;
            if (setup.plain()) {
                List<String> args = new ArrayList<>(List.of(Long.toString(limitSeconds), app.sample(),
                        Integer.toString(setup.threads), "--"));
                args.addAll(jobArgs);
                main = ChildJvm.start(label, PlainMain.class, args, Map.of());
                children.add(main);
            } else if (setup.kind == Setup.Kind.HAZELCAST) {
                int[] ports = FreePorts.pick(setup.nodes);
                String cluster = "apps-" + app.key() + "-" + Long.toHexString(RANDOM.nextLong());
                main = null;
                for (int rank = setup.nodes - 1; rank >= 0; rank--) {
                    List<String> args = new ArrayList<>(List.of(Long.toString(limitSeconds), app.sample(),
                            Integer.toString(rank), join(ports), cluster, "--"));
                    args.addAll(jobArgs);
                    ChildJvm member = ChildJvm.start(label + "/member" + rank, HzMain.class, HzMain.JVM_ARGS, args,
                            Map.of());
                    children.add(member);
                    main = member; // rank 0, started last
                }
            } else {
                int[] ports = setup.nodes > 1 ? FreePorts.pick(setup.nodes) : new int[setup.nodes];
                byte[] secret = new byte[32];
                RANDOM.nextBytes(secret);
                String jobId = "apps-" + app.key() + "-" + Long.toHexString(RANDOM.nextLong());
                Map<String, String> env = Map.of(NodeMain.SECRET_ENV, HexFormat.of().formatHex(secret));
                main = null;
                for (int rank = setup.nodes - 1; rank >= 0; rank--) {
                    List<String> args = new ArrayList<>(List.of(Long.toString(limitSeconds), app.sample(),
                            app.jobClass(), setup.protocol, Integer.toString(setup.threads), Integer.toString(rank),
                            join(ports), setup.comm(), jobId, "--"));
                    args.addAll(jobArgs);
                    ChildJvm node = ChildJvm.start(label + "/node" + rank, NodeMain.class,
                            NodeJvm.coreSharingOptions(setup.nodes, setup.threads), args, env);
                    children.add(node);
                    main = node; // rank 0, started last
                }
            }
            Duration wait = Duration.ofSeconds(limitSeconds + 30);
            String pass = main.awaitLine(ChildReport.PASS, wait);
            String stats = main.awaitLine(ChildReport.STATS, wait);
            String mainCpu = main.awaitLine(ChildReport.CPU, wait);
            String end = main.awaitLine(ChildReport.END, wait);
            List<String> cpu = new ArrayList<>();
            cpu.add(mainCpu);
            if (!end.startsWith("OK")) {
                return RunResult.parse(pass, stats, cpu, end); // the failure; the other nodes are ended below
            }
            String peerFailure = null;
            for (int i = children.size() - 1; i >= 0; i--) { // rank order: children hold N-1 .. 0
                ChildJvm peer = children.get(i);
                if (peer != main) {
                    try {
                        cpu.add(peer.awaitLine(ChildReport.CPU, PEER_END));
                        String peerEnd = peer.awaitLine(ChildReport.END, PEER_END);
                        if (!peerEnd.startsWith("OK") && peerFailure == null) {
                            peerFailure = "node 0 passed but another node reported: " + peerEnd;
                        }
                    } catch (IOException e) {
                        peerFailure = peerFailure != null ? peerFailure : "node 0 passed but: " + e.getMessage();
                    }
                }
            }
            RunResult result = RunResult.parse(pass, stats, cpu, end);
            if (result.ok() && peerFailure != null) {
                result = RunResult.failed(peerFailure);
            }
            return result;
        } catch (IOException e) {
            return RunResult.failed(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return RunResult.failed("interrupted");
        } finally {
            for (int i = children.size() - 1; i >= 0; i--) {
                children.get(i).close();
            }
        }
    }

    private static String join(int[] ports) {
        StringBuilder sb = new StringBuilder();
        for (int p : ports) {
            sb.append(sb.length() == 0 ? "" : ",").append(p);
        }
        return sb.toString();
    }
}
