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

    /** Loads the shim (once per JVM) to find out; the reason says what to install or build, or to use netty. */
    @Override
    public String unavailableReason() {
        return UcxLibrary.unavailableReason();
    }
}
