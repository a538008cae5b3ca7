package org.jdsm.bench.comm;

import java.util.Arrays;
import java.util.List;
import org.jdsm.bench.harness.ChildSide;
import org.jdsm.comm.Comm;
import org.jdsm.comm.Comms;

/**
 * Main of the echoing JVM that {@link CommPingPong} spawns. Usage:
 * {@code socket MAX_SECONDS} or {@code comm NAME MAX_SECONDS JOB PORT0,PORT1 [k=v...]} (secret in
 * {@value CommSetup#SECRET_ENV}). Prints {@code READY ...} once it echoes; exits when its stdin
 * closes (the parent is done or gone) or after MAX_SECONDS.
 */
public final class PingPongChild {

    private PingPongChild() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("socket")) {
            ChildSide.exitWithParent(Long.parseLong(args[1]));
            SocketEcho.serve();
        } else if (args.length >= 5 && args[0].equals("comm")) {
            long lifetime = Long.parseLong(args[2]);
            ChildSide.exitWithParent(lifetime);
            CommSetup setup = CommSetup.fromArgs(List.of(Arrays.copyOfRange(args, 3, args.length)), System.getenv());
            Comm comm = Comms.create(args[1]);
            comm.init(setup.config(1), new CommEcho(comm, () -> Runtime.getRuntime().halt(0)));
            ChildSide.ready(args[1]);
            Thread.sleep(lifetime * 1000); // the echo runs on the Comm's threads; exit comes from ChildSide
        } else {
            System.err.println("usage: PingPongChild socket MAX_SECONDS | comm NAME MAX_SECONDS JOB PORT0,PORT1 [k=v...]");
            System.exit(2);
        }
    }
}
