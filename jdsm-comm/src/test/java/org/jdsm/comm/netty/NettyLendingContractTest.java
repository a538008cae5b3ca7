package org.jdsm.comm.netty;

import org.jdsm.comm.BufferDispatcher;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommContractTest;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;

/**
 * The Comm contract on NettyComm with {@link BufferDispatcher}s, so bulk messages arrive in the
 * decoder's reused buffer: every message must still come whole, intact and in order.
 */
class NettyLendingContractTest extends CommContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        return TestMesh.start(NODES, NettyComm::new, true,
                rank -> CommConfig.builder().maxFrameBytes(MAX_FRAME), RecordingDispatcher::lending);
    }
}
