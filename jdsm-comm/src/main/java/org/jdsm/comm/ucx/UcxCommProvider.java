package org.jdsm.comm.ucx;

import org.jdsm.comm.Comm;
import org.jdsm.comm.CommProvider;

/** Registers {@link UcxComm} as {@code ucx}; creating one fails with a clear message where UCX is missing. */
public final class UcxCommProvider implements CommProvider {
    @Override
    public String name() {
        return "ucx";
    }

    @Override
    public Comm create() {
        return new UcxComm();
    }
}
