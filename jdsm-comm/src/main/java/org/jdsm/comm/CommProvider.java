package org.jdsm.comm;

/** Service-provider interface: one per Comm module, found through {@link java.util.ServiceLoader}. */
public interface CommProvider {

    /** The name users select it by ({@code jdsm.comm=NAME}), e.g. {@code netty}, {@code local}. */
    String name();

    /** A fresh, uninitialized Comm. */
    Comm create();
}
