package org.jdsm.comm.netty;

import org.jdsm.comm.CommConfig;
import org.jdsm.comm.LendingContractTest;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;

/** The lending Comm contract on NettyComm: bulk messages arrive in the decoder's reused buffer. */
class NettyLendingContractTest extends LendingContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        return TestMesh.start(NODES, NettyComm::new, true,
                rank -> CommConfig.builder().maxFrameBytes(MAX_FRAME), RecordingDispatcher::lending);
    }
}
