package org.jdsm.protocol.lrc;

import java.util.List;
import org.jdsm.SharedObjectPool;
import org.jdsm.runtime.PoolProvider;

/** Registers {@link LazyRelease} as protocol {@code lrc}. */
public final class LazyReleaseProvider implements PoolProvider {
    @Override
    public String name() {
        return "lrc";
    }

    @Override
    public SharedObjectPool create() {
        return new LazyRelease();
    }

    @Override
    public List<Class<?>> messageClasses() {
        return Messages.classes();
    }
}
