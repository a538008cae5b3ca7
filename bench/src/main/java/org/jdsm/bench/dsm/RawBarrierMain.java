package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jdsm.bench.harness.ChildSide;
import org.jdsm.comm.Comm;
import org.jdsm.comm.Comms;

/**
 * Main of a raw-barrier node JVM ({@link RawBarrier}): {@code LIFETIME_S JOB RANK PORTS [k=v...]},
 * secret in {@value DsmCluster#SECRET_ENV}. Joins the NettyComm mesh and runs barriers back to back
 * forever: it blocks whenever node 0 (the measuring parent) is not in a barrier. Exits when its
 * stdin closes or a peer fails.
 */
public final class RawBarrierMain {

    private RawBarrierMain() {
    }

    public static void main(String[] args) throws Exception {
        ChildSide.exitWithParent(Long.parseLong(args[0]));
        int rank = Integer.parseInt(args[2]);
        int[] ports = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
        Map<String, String> options = new LinkedHashMap<>();
        for (String kv : Arrays.copyOfRange(args, 4, args.length)) {
            int eq = kv.indexOf('=');
            options.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        byte[] secret = HexFormat.of().parseHex(System.getenv(DsmCluster.SECRET_ENV));
        RawBarrierNode node = new RawBarrierNode(ports.length);
        Comm comm = Comms.create("netty");
        node.attach(comm);
        comm.init(DsmCluster.commConfig(args[1], rank, ports, "netty", options, secret), node);
        try {
            while (true) {
                node.barrier(Long.MAX_VALUE / 4);
            }
        } catch (RuntimeException e) {
            System.err.println("raw barrier node " + rank + " ends: " + e.getMessage());
            Runtime.getRuntime().halt(0);
        }
    }
}
