package org.jdsm.comm.ucx;

import org.jdsm.comm.LendingContractTest;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;

/** The lending Comm contract on UcxComm over UCX's shared-memory transports: bulk messages arrive in one reused buffer. */
class UcxSharedMemoryLendingContractTest extends LendingContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        return UcxTests.mesh(NODES, MAX_FRAME, UcxTests.SHARED_MEMORY, RecordingDispatcher::lending);
    }
}
