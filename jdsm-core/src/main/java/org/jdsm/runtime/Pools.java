package org.jdsm.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.jdsm.DsmException;

/** Finds consistency protocols by name. */
public final class Pools {

    private Pools() {
    }

    /** The provider named {@code name}, or an error listing those that exist. */
    public static PoolProvider provider(String name) {
        List<String> known = new ArrayList<>();
        for (PoolProvider p : ServiceLoader.load(PoolProvider.class, Pools.class.getClassLoader())) {
            if (p.name().equals(name)) {
                return p;
            }
            known.add(p.name());
        }
        throw new DsmException("no consistency protocol named '" + name + "'; available: " + known);
    }

    /** Names of the protocols on the class path. */
    public static List<String> available() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(PoolProvider.class, Pools.class.getClassLoader()).forEach(p -> names.add(p.name()));
        return names;
    }
}
