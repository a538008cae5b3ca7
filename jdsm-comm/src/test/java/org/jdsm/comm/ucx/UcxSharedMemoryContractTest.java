package org.jdsm.comm.ucx;

import org.jdsm.comm.CommContractTest;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;

/** The Comm contract on UcxComm over UCX's shared-memory transports (4 nodes in this JVM). */
class UcxSharedMemoryContractTest extends CommContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        return UcxTests.mesh(NODES, MAX_FRAME, UcxTests.SHARED_MEMORY, RecordingDispatcher::new);
    }
}
