package org.jdsm.comm.ucx;

import org.jdsm.comm.CommContractTest;
import org.jdsm.comm.TestMesh;

/** The Comm contract on UcxComm over UCX's shared-memory transports (4 nodes in this JVM). */
class UcxSharedMemoryContractTest extends CommContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        UcxTests.assumeUcx();
        return TestMesh.start(NODES, UcxComm::new, true,
                rank -> UcxTests.over(UcxTests.SHARED_MEMORY).maxFrameBytes(MAX_FRAME));
    }
}
