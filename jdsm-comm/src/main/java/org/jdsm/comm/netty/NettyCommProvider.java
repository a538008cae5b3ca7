package org.jdsm.comm.netty;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommProvider;

/** Registers {@link NettyComm} as {@code netty}. */
public final class NettyCommProvider implements CommProvider {
    @Override
    public String name() {
        return "netty";
    }

    @Override
    public Comm create() {
        return new NettyComm();
    }
}
