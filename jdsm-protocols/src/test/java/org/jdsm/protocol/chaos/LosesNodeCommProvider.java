package org.jdsm.protocol.chaos;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommProvider;

/** Registers {@link LosesNodeComm} as {@code loses-node} for tests. */
public final class LosesNodeCommProvider implements CommProvider {
    @Override
    public String name() {
        return "loses-node";
    }

    @Override
    public Comm create() {
        return new LosesNodeComm();
    }
}
