package org.jdsm.comm.local;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommProvider;

/** Registers {@link LocalComm} as {@code local}. */
public final class LocalCommProvider implements CommProvider {
    @Override
    public String name() {
        return "local";
    }

    @Override
    public Comm create() {
        return new LocalComm();
    }
}
