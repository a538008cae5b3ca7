package org.jdsm.comm;

/** Service-provider interface: one per Comm module, found through {@link java.util.ServiceLoader}. */
public interface CommProvider {

    /** The name users select it by ({@code jdsm.comm=NAME}), e.g. {@code netty}, {@code local}. */
    String name();

    /** A fresh, uninitialized Comm. */
    Comm create();

    /**
     * Why this module cannot run on this machine (e.g. a native library is missing), saying what to
     * install or which module to use instead; null if it can. Lets a launcher refuse a job with one
     * message before it starts any node.
     */
    default String unavailableReason() {
        return null;
    }
}
