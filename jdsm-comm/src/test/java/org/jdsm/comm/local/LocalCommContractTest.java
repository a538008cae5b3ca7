package org.jdsm.comm.local;

import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommContractTest;
import org.jdsm.comm.TestMesh;

class LocalCommContractTest extends CommContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        return TestMesh.start(NODES, LocalComm::new, false, rank -> CommConfig.builder().maxFrameBytes(MAX_FRAME));
    }
}
