package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.bench.harness.ChildSide;
import org.jdsm.runtime.NodeRuntime;

/**
 * Main of a DSM node JVM that {@link DsmCluster} spawns:
 * {@code LIFETIME_S JOB_CLASS PROTOCOL THREADS JOB_ID RANK PORT0,PORT1,... COMM [k=v...] -- JOB_ARGS...}
 * with the job secret (hex) in {@value DsmCluster#SECRET_ENV}. Runs the node to the end and exits 0,
 * or 1 after printing the failure; exits at once when the parent closes its stdin or dies.
 */
public final class DsmNodeMain {

    private DsmNodeMain() {
    }

    public static void main(String[] args) {
        int sep = Arrays.asList(args).indexOf("--");
        if (args.length < 8 || sep < 8) {
            System.err.println("usage: DsmNodeMain LIFETIME_S JOB_CLASS PROTOCOL THREADS JOB_ID RANK PORTS COMM [k=v...]"
                    + " -- JOB_ARGS...");
            System.exit(2);
        }
        ChildSide.exitWithParent(Long.parseLong(args[0]));
        String hex = System.getenv(DsmCluster.SECRET_ENV);
        if (hex == null) {
            System.err.println(DsmCluster.SECRET_ENV + " is not set");
            System.exit(2);
        }
        int rank = Integer.parseInt(args[5]);
        int[] ports = Arrays.stream(args[6].split(",")).mapToInt(Integer::parseInt).toArray();
        Map<String, String> options = new LinkedHashMap<>();
        for (String kv : Arrays.copyOfRange(args, 8, sep)) {
            int eq = kv.indexOf('=');
            options.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        List<String> jobArgs = List.of(Arrays.copyOfRange(args, sep + 1, args.length));
        try {
            new NodeRuntime(DsmCluster.nodeConfig(args[1], args[2], Integer.parseInt(args[3]), args[4], rank, ports,
                    args[7], options, HexFormat.of().parseHex(hex), jobArgs)).run();
        } catch (Throwable t) {
            System.err.println("node " + rank + " failed:");
            t.printStackTrace();
            System.out.flush();
            Runtime.getRuntime().halt(1);
        }
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
