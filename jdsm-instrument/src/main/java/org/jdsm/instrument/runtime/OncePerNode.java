package org.jdsm.instrument.runtime;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jdsm.SharedObjectPool;

/**
 * Which warnings a node has printed, so each is printed once per node and key (a site, a field).
 * Keyed by the node's pool as well: the nodes of a job in one JVM share these classes.
 */
final class OncePerNode {

    private final Set<String> said = ConcurrentHashMap.newKeySet();

    /** True the first time {@code key} comes for the node of {@code pool}. */
    boolean first(SharedObjectPool pool, String key) {
        return said.add(System.identityHashCode(pool) + " " + key);
    }
}
