package org.jdsm.comm.netty;

import org.jdsm.comm.CommScenarios;

/**
 * One node of a multi-JVM NettyComm test ({@link NettyMultiJvmTest}): a {@link CommScenarios}
 * node over NettyComm, clean if fin released every socket and thread.
 */
public final class NettyNodeMain {

    private NettyNodeMain() {
    }

    public static void main(String[] args) {
        CommScenarios.main(args, NettyComm::new, config -> CommScenarios.sockets());
    }
}
