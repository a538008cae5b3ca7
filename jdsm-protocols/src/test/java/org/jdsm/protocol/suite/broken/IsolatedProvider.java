package org.jdsm.protocol.suite.broken;

import java.util.List;
import org.jdsm.SharedObjectPool;
import org.jdsm.protocol.suite.Suite;
import org.jdsm.runtime.PoolProvider;

/** Registers {@link IsolatedPool} (test class path only); the suite's protocol list leaves it out. */
public final class IsolatedProvider implements PoolProvider {

    public static final String NAME = Suite.BROKEN_PREFIX + "isolated";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SharedObjectPool create() {
        return new IsolatedPool();
    }

    @Override
    public List<Class<?>> messageClasses() {
        return List.of();
    }
}
