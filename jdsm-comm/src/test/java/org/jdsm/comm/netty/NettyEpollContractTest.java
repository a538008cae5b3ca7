package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommContractTest;
import org.jdsm.comm.TestMesh;

/** The Comm contract on NettyComm with the native epoll transport (skipped where it is unavailable). */
class NettyEpollContractTest extends CommContractTest {
    @Override
    protected TestMesh startMesh() throws Exception {
        assumeTrue(Epoll.isAvailable(), "native epoll unavailable");
        return TestMesh.start(NODES, NettyComm::new, true,
                rank -> CommConfig.builder().maxFrameBytes(MAX_FRAME).option("netty.transport", "epoll"));
    }
}
