package org.jdsm.protocol.chaos;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommProvider;

/** Registers {@link ChaosComm} as {@code chaos} for tests. */
public final class ChaosCommProvider implements CommProvider {
    @Override
    public String name() {
        return "chaos";
    }

    @Override
    public Comm create() {
        return new ChaosComm();
    }
}
