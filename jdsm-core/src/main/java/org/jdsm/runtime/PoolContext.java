package org.jdsm.runtime;

import org.jdsm.trans.Trans;
import org.jdsm.wire.WireFormat;

/** What a {@link org.jdsm.SharedObjectPool} learns about its node when the runtime starts it. */
public record PoolContext(int myNode, int nodes, int threadsPerNode, Trans trans, WireFormat wire, DsmStats stats) {
}
