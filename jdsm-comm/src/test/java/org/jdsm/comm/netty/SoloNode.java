package org.jdsm.comm.netty;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;

/**
 * A real NettyComm as node 0 of a 2-node job whose node 1 the test plays by hand ({@link RawPeer}).
 * {@code init} runs in the background until node 1's lanes are authenticated.
 */
final class SoloNode implements AutoCloseable {

    final String job = "solo-" + System.nanoTime();
    final NettyComm comm = new NettyComm();
    final RecordingDispatcher dispatcher = new RecordingDispatcher();
    private final CompletableFuture<NodeAddress> address = new CompletableFuture<>();
    private final CompletableFuture<Void> init;

    SoloNode(Duration connectTimeout) {
        CommConfig config = CommConfig.builder().jobId(job).myNode(0).nodes(2).secret(TestMesh.SECRET)
                .connectTimeout(connectTimeout).option("netty.handshakeTimeoutMs", "2000")
                .rendezvous((me, mine) -> {
                    address.complete(mine);
                    return List.of(mine, new NodeAddress("127.0.0.1", 1)); // node 1 dials us: its address is unused
                }).build();
        init = CompletableFuture.runAsync(() -> comm.init(config, dispatcher), task -> new Thread(task, "node-0-init").start());
    }

    NodeAddress address() throws Exception {
        return address.get(10, TimeUnit.SECONDS);
    }

    /** Authenticates both lanes as node 1 and waits for node 0's init to return. */
    RawPeer[] connectNode1() throws Exception {
        RawPeer bulk = RawPeer.lane(address(), TestMesh.SECRET, job, Lane.BULK, 1, 0);
        RawPeer express = RawPeer.lane(address(), TestMesh.SECRET, job, Lane.EXPRESS, 1, 0);
        init.get(10, TimeUnit.SECONDS);
        return new RawPeer[] {bulk, express};
    }

    CompletableFuture<Void> init() {
        return init;
    }

    @Override
    public void close() {
        comm.fin();
    }
}
