package org.jdsm.bench.apps;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Main of one embedded Hazelcast member of an application run ({@link HzKernels}):
 * {@code LIMIT_S SAMPLE RANK PORTS CLUSTER -- JOB_ARGS...}. Members join each other over TCP on
 * 127.0.0.1 at fixed ports (no multicast, no auto-detection, no phone-home); the member starts once
 * all are there ({@code hazelcast.initial.min.cluster.size}). Reports through {@link ChildReport}.
 */
public final class HzMain {

    /** The Hazelcast version on the class path (bench/pom.xml). */
    static final String VERSION = com.hazelcast.instance.GeneratedBuildProperties.VERSION;

    /**
     * The JVM options Hazelcast asks for at start-up on Java 9 and later ("to get the best
     * performance results"), as its users would add them.
     */
    static final List<String> JVM_ARGS = List.of("--add-modules", "java.se",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.management/sun.management=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED");

    /** Keeps the logger (and its level) alive: JUL holds loggers weakly. */
    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

    private HzMain() {
    }

    public static void main(String[] args) {
        if (args.length < 6 || !args[5].equals("--")) {
            System.err.println("usage: HzMain LIMIT_S SAMPLE RANK PORTS CLUSTER -- JOB_ARGS...");
            System.exit(2);
        }
        String sample = args[1];
        ChildReport report = new ChildReport(sample, Long.parseLong(args[0]));
        HAZELCAST_LOG.setLevel(Level.WARNING);
        try {
            int rank = Integer.parseInt(args[2]);
            int[] ports = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
            HazelcastInstance hz = Hazelcast.newHazelcastInstance(config(rank, ports, args[4]));
            List<String> jobArgs = List.of(Arrays.copyOfRange(args, 6, args.length));
            double[] result = {Double.NaN};
            Throwable[] error = {null};
            Thread worker = new Thread(() -> { // a thread of its own, so its CPU time is counted apart
                try {
                    result[0] = new HzKernels(hz, rank, ports.length).run(sample, jobArgs);
                } catch (Throwable t) {
                    error[0] = t;
                }
            }, CpuProfile.WORKER + rank);
            worker.start();
            worker.join();
            // The run is over: the parent now ends the members one by one, and the survivor's
            // connection-reset warnings (with stack traces) would only bury the results.
            HAZELCAST_LOG.setLevel(Level.SEVERE);
            if (error[0] != null) {
                throw error[0];
            }
            report.nodeEnded(rank, () -> result[0]);
        } catch (Throwable t) {
            t.printStackTrace();
            report.failed(String.valueOf(t));
        }
        ChildReport.awaitParent();
    }

    private static Config config(int rank, int[] ports, String cluster) {
        Config c = new Config();
        c.setClusterName(cluster);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.setProperty("hazelcast.initial.min.cluster.size", Integer.toString(ports.length));
        c.setProperty("hazelcast.socket.bind.any", "false");
        NetworkConfig net = c.getNetworkConfig();
        net.setPort(ports[rank]).setPortAutoIncrement(false);
        net.getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = net.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        List<String> members = new ArrayList<>();
        for (int p : ports) {
            members.add("127.0.0.1:" + p);
        }
        join.getTcpIpConfig().setEnabled(true).setMembers(members);
        return c;
    }
}
