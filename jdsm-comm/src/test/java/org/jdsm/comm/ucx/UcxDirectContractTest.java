package org.jdsm.comm.ucx;

import org.jdsm.comm.DirectContractTest;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;
import org.junit.jupiter.api.Nested;

/** The direct Comm contract on UcxComm: large bulk messages arrive in UCX's native receive memory, over tcp and shared memory. */
class UcxDirectContractTest {

    /** The contract over UCX_TLS = {@link #transports()}. */
    abstract static class Over extends DirectContractTest {
        abstract String transports();

        @Override
        protected TestMesh startMesh() throws Exception {
            return UcxTests.mesh(NODES, MAX_FRAME, transports(), RecordingDispatcher::direct);
        }

        @Override
        protected int directFromBytes() {
            return UcxMesh.DIRECT_MIN_BYTES;
        }
    }

    @Nested
    class OverTcp extends Over {
        @Override
        String transports() {
            return UcxTests.TCP;
        }
    }

    @Nested
    class OverSharedMemory extends Over {
        @Override
        String transports() {
            return UcxTests.SHARED_MEMORY;
        }
    }
}
