package org.jdsm;

import org.jdsm.wire.WireFormat;

/** Builds {@link SharedObject}s without a pool, for unit tests of protocol parts (constructors are package-private). */
public final class TestSharedObjects {

    private TestSharedObjects() {
    }

    /** {@code array} as shared object #0 of a job with {@code nodes} nodes, block-distributed. */
    public static SharedObject blocks(Object array, int blockLength, int nodes) {
        return new SharedObjectForBlock(array, 0, nodes, blockLength, Distribution.BLOCK, new WireFormat());
    }
}
