package org.jdsm.protocol.sc;

import java.util.List;
import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.PoolProvider;

/** Registers {@link SequentialConsistency} as protocol {@code sc}. */
public final class SequentialConsistencyProvider implements PoolProvider {

    @Override
    public String name() {
        return "sc";
    }

    @Override
    public SharedObjectPool create() {
        return new SequentialConsistency();
    }

    @Override
    public List<Class<?>> messageClasses() {
        return ScMessages.classes();
    }
}
