package org.jdsm.runtime;

import java.util.List;
import org.jdsm.SharedObjectPool;

/** Service-provider interface of a consistency protocol, found through {@link java.util.ServiceLoader}. */
public interface PoolProvider {

    /** The name users select it by ({@code --protocol NAME}), e.g. {@code lrc}, {@code sc}. */
    String name();

    /** A fresh pool for one node. */
    SharedObjectPool create();

    /** The protocol's message classes, registered with Kryo in this order on every node. */
    List<Class<?>> messageClasses();
}
