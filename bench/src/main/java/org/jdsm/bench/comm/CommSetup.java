package org.jdsm.bench.comm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.Rendezvous;

/**
 * The two-node job both ping-pong ends join: job id, shared secret, fixed loopback ports (each
 * node binds its own via {@code netty.port} or {@code ucx.port}) and extra module options. Serialized to the child's
 * command line (the secret travels in the environment).
 */
record CommSetup(String jobId, byte[] secret, int[] ports, Map<String, String> options) {

    static final String SECRET_ENV = "JDSM_BENCH_SECRET";
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    /** The configuration of node {@code myNode} (0 measures, 1 echoes). */
    CommConfig config(int myNode) {
        List<NodeAddress> addresses = new ArrayList<>();
        for (int p : ports) {
            addresses.add(new NodeAddress("127.0.0.1", p));
        }
        return CommConfig.builder()
                .jobId(jobId)
                .myNode(myNode)
                .nodes(ports.length)
                .secret(secret)
                .bindHost("127.0.0.1")
                .rendezvous(Rendezvous.fixed(addresses))
                .connectTimeout(CONNECT_TIMEOUT)
                .options(options)
                .option("netty.port", Integer.toString(ports[myNode])) // each module reads its own port option
                .option("ucx.port", Integer.toString(ports[myNode]))
                .build();
    }

    /** Command-line form: jobId, ports, then k=v options. */
    List<String> toArgs() {
        List<String> args = new ArrayList<>();
        args.add(jobId);
        args.add(ports[0] + "," + ports[1]);
        options.forEach((k, v) -> args.add(k + "=" + v));
        return args;
    }

    Map<String, String> toEnv() {
        return Map.of(SECRET_ENV, HexFormat.of().formatHex(secret));
    }

    /** Inverse of {@link #toArgs} and {@link #toEnv}. */
    static CommSetup fromArgs(List<String> args, Map<String, String> env) {
        String hex = env.get(SECRET_ENV);
        if (hex == null) {
            throw new IllegalArgumentException(SECRET_ENV + " is not set");
        }
        String[] p = args.get(1).split(",");
        Map<String, String> options = parseOptions(args.subList(2, args.size()));
        return new CommSetup(args.get(0), HexFormat.of().parseHex(hex),
                new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1])}, options);
    }

    /** Parses {@code k=v} items. */
    static Map<String, String> parseOptions(List<String> items) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + item + "'");
            }
            options.put(item.substring(0, eq), item.substring(eq + 1));
        }
        return options;
    }
}
