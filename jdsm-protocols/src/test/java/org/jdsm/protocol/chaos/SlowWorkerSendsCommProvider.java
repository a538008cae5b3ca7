package org.jdsm.protocol.chaos;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommProvider;

/** Registers {@link SlowWorkerSendsComm} as {@code slow-workers} for tests. */
public final class SlowWorkerSendsCommProvider implements CommProvider {
    @Override
    public String name() {
        return "slow-workers";
    }

    @Override
    public Comm create() {
        return new SlowWorkerSendsComm();
    }
}
