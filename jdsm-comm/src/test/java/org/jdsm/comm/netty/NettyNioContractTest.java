package org.jdsm.comm.netty;

import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommContractTest;
import org.jdsm.comm.TestMesh;

/** The Comm contract on NettyComm with the NIO transport. */
class NettyNioContractTest extends CommContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        return TestMesh.start(NODES, NettyComm::new, true,
                rank -> CommConfig.builder().maxFrameBytes(MAX_FRAME).option("netty.transport", "nio"));
    }
}
