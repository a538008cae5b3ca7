package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jdsm.bench.harness.ChildSide;
import org.jdsm.comm.Comms;
import org.jdsm.trans.MessageHandler;
import org.jdsm.trans.Responder;
import org.jdsm.trans.Trans;
import org.jdsm.wire.WireFormat;

/**
 * Main of the echo JVM of {@link TransLink}: {@code LIFETIME_S JOB PORT0,PORT1 [k=v...]}, secret in
 * {@value DsmCluster#SECRET_ENV}; node 1 of a two-node Trans over NettyComm that answers every
 * request with the request object. Exits when its stdin closes.
 */
public final class TransEchoMain {

    private TransEchoMain() {
    }

    public static void main(String[] args) throws Exception {
        long lifetime = Long.parseLong(args[0]);
        ChildSide.exitWithParent(lifetime);
        int[] ports = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        Map<String, String> options = new LinkedHashMap<>();
        for (String kv : Arrays.copyOfRange(args, 3, args.length)) {
            int eq = kv.indexOf('=');
            options.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        byte[] secret = HexFormat.of().parseHex(System.getenv(DsmCluster.SECRET_ENV));
        Trans trans = new Trans(Comms.create("netty"), new WireFormat(), new MessageHandler() {
            @Override
            public boolean nonBlocking() {
                return true; // answers at once, as a DSM protocol's handlers do
            }

            @Override
            public void received(int fromNode, Object message) {
                // only requests are expected
            }

            @Override
            public void requested(int fromNode, Object request, Responder responder) {
                responder.reply(request);
            }

            @Override
            public void peerFailed(int node, Throwable cause) {
                Runtime.getRuntime().halt(0);
            }
        }, TransLink.WORKERS);
        trans.init(DsmCluster.commConfig(args[1], 1, ports, "netty", options, secret));
        ChildSide.ready("trans");
        Thread.sleep(lifetime * 1000);
    }
}
