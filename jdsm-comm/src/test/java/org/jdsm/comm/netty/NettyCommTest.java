package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.Rendezvous;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.testing.LogCapture;
import org.jdsm.comm.testing.Loopback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** NettyComm behaviour beyond the shared contract: start-up, failures, orderly departure, shutdown. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NettyCommTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private static CommConfig.Builder node(String job, int rank, Rendezvous rendezvous) {
        return CommConfig.builder().jobId(job).myNode(rank).nodes(2).secret(TestMesh.SECRET).rendezvous(rendezvous)
                .connectTimeout(WAIT);
    }

    @Test
    void dialerRetriesUntilThePeerListens() throws Exception {
        int port = Loopback.freePort();
        Rendezvous fixed = Rendezvous.fixed(List.of(new NodeAddress("127.0.0.1", port), new NodeAddress("127.0.0.1", 1)));
        NettyComm node0 = new NettyComm();
        NettyComm node1 = new NettyComm();
        RecordingDispatcher d0 = new RecordingDispatcher();
        try {
            CompletableFuture<Void> early = CompletableFuture.runAsync(
                    () -> node1.init(node("retry", 1, fixed).build(), new RecordingDispatcher()),
                    task -> new Thread(task, "node-1-init").start());
            Thread.sleep(500); // node 1 is dialing a port nobody listens on yet
            node0.init(node("retry", 0, fixed).option("netty.port", Integer.toString(port)).build(), d0);
            early.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            node1.asend(0, new byte[] {42});
            d0.await(() -> d0.bulkFrom(1).size() == 1, WAIT, "a message over the late mesh");
        } finally {
            node1.fin();
            node0.fin();
        }
    }

    @Test
    void initTimesOutNamingTheMissingLanes() {
        NettyComm node0 = new NettyComm();
        Rendezvous alone = (me, mine) -> List.of(mine, new NodeAddress("127.0.0.1", 1));
        CommException e = assertThrows(CommException.class, () -> node0.init(
                node("timeout", 0, alone).connectTimeout(Duration.ofMillis(500)).build(), new RecordingDispatcher()));
        assertTrue(e.getMessage().contains("bulk lane from node 1; express lane from node 1"), e.getMessage());
        node0.fin(); // harmless after a failed init
    }

    @Test
    void initFailsNamingAnUnreachablePeer() throws Exception {
        int port = Loopback.freePort();
        NettyComm node1 = new NettyComm();
        Rendezvous fixed = Rendezvous.fixed(List.of(new NodeAddress("127.0.0.1", port), new NodeAddress("127.0.0.1", 0)));
        CommException e = assertThrows(CommException.class, () -> node1.init(
                node("unreachable", 1, fixed).connectTimeout(Duration.ofSeconds(2)).build(), new RecordingDispatcher()));
        // Either the dialer gives up or the init deadline passes first; both name the peer, address and cause.
        assertTrue(e.getMessage().matches(".*to node 0.*/127\\.0\\.0\\.1:" + port + ": .*Connection refused.*"), e.getMessage());
    }

    @Test
    void unknownTransportIsRejected() {
        CommException e = assertThrows(CommException.class, () -> new NettyComm().init(
                node("bad", 0, null).option("netty.transport", "carrier-pigeon").build(), new RecordingDispatcher()));
        assertTrue(e.getMessage().contains("carrier-pigeon"), e.getMessage());
    }

    @Test
    void lostPeerIsReportedOnceAndLaterSendsAreDropped() throws Exception {
        try (LogCapture log = new LogCapture("org.jdsm.comm.netty"); SoloNode node0 = new SoloNode(WAIT)) {
            RawPeer[] node1 = node0.connectNode1();
            node1[0].send(Frames.DATA, new byte[] {1, 2, 3});
            node0.dispatcher.await(() -> node0.dispatcher.bulkFrom(1).size() == 1, WAIT, "data from the raw peer");
            assertArrayEquals(new byte[] {1, 2, 3}, node0.dispatcher.bulkFrom(1).get(0));

            node1[0].reset(); // node 1 "crashes"
            node0.dispatcher.await(() -> !node0.dispatcher.failures().isEmpty(), WAIT, "peerFailed(1)");
            assertTrue(node1[1].closedByNode(WAIT), "the express lane of the failed peer is closed too");
            node0.comm.asend(1, new byte[10]);
            node0.comm.expressSend(1, new byte[10]);
            Thread.sleep(200);
            assertEquals(List.of("peerFailed(1)"), node0.dispatcher.failureCalls());
            assertEquals(1, log.matching(m -> m.contains("lost node 1")).size(), log.messages().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"oversized express frame", "unknown frame type", "handshake frame after authentication"})
    void protocolViolationByAnAuthenticatedPeerFailsIt(String violation) throws Exception {
        try (LogCapture log = new LogCapture("org.jdsm.comm.netty"); SoloNode node0 = new SoloNode(WAIT)) {
            RawPeer[] node1 = node0.connectNode1();
            switch (violation) {
                case "oversized express frame" -> node1[1].send(Frames.DATA, new byte[65]);
                case "unknown frame type" -> node1[0].send((byte) 99, new byte[3]);
                default -> node1[0].send(Frames.HELLO, new byte[3]);
            }
            node0.dispatcher.await(() -> !node0.dispatcher.failures().isEmpty(), WAIT, "peerFailed(1)");
            String cause = node0.dispatcher.failures().get(1).getMessage();
            String expected = violation.startsWith("oversized") ? "exceeds the limit of 64" : "protocol violation";
            assertTrue(cause.contains(expected), cause);
            assertEquals(0, node0.dispatcher.totalReceived(), "nothing of the bad frame was delivered");
            assertEquals(1, log.messages().size(), log.messages().toString());
        }
    }

    @Test
    void orderlyByeIsNoFailure() throws Exception {
        try (SoloNode node0 = new SoloNode(WAIT)) {
            RawPeer[] node1 = node0.connectNode1();
            node1[0].send(Frames.DATA, new byte[] {7});
            for (RawPeer lane : node1) {
                lane.send(Frames.BYE, new byte[0]);
                lane.socket.shutdownOutput();
            }
            for (RawPeer lane : node1) {
                assertTrue(lane.closedByNode(WAIT), "node 0 closes a lane after BYE");
            }
            node0.comm.asend(1, new byte[10]); // dropped quietly
            Thread.sleep(200);
            assertEquals(List.of(), node0.dispatcher.failureCalls());
            assertEquals(1, node0.dispatcher.bulkFrom(1).size(), "data sent before BYE was delivered");
        }
    }

    @Test
    void finSaysByeOnEveryLaneEvenAfterThePeerSaidByeOnOne() throws Exception {
        try (SoloNode node0 = new SoloNode(WAIT)) {
            RawPeer[] node1 = node0.connectNode1();
            node1[0].send(Frames.BYE, new byte[0]); // node 1 leaves on the bulk lane first
            node1[0].socket.shutdownOutput();
            assertTrue(node1[0].closedByNode(WAIT));

            long start = System.nanoTime();
            Thread fin = new Thread(node0.comm::fin);
            fin.start();
            Frame bye = node1[1].read(Comm.EXPRESS_MAX_BYTES);
            assertEquals(Frames.BYE, bye.type(), "node 0 says BYE on the express lane too");
            node1[1].close();
            fin.join(WAIT.toMillis());
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 5_000, "fin took " + millis + " ms: it waited out its grace period");
            assertEquals(List.of(), node0.dispatcher.failureCalls());
        }
    }

    /**
     * A hung peer (its JVM stopped: connected, reading nothing, never closing) gets no grace from
     * abort, which a failed job calls, but its BYE still goes out: abort took fin's 10 s here.
     */
    @Test
    void abortSaysByeButDoesNotWaitForAHungPeer() throws Exception {
        try (SoloNode node0 = new SoloNode(WAIT)) {
            RawPeer[] node1 = node0.connectNode1();
            long start = System.nanoTime();
            node0.comm.abort();
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 3_000, "abort took " + millis + " ms: it waited for the hung peer's goodbye");
            for (RawPeer lane : node1) {
                assertEquals(Frames.BYE, lane.read(Comm.EXPRESS_MAX_BYTES).type(), "abort says BYE on every lane");
            }
            assertEquals(List.of(), node0.dispatcher.failureCalls());
        }
    }

    /** After a job that ended well, fin waits for a slow peer to answer its BYE: nothing sent is lost. */
    @Test
    void finGivesAPeerThatHasNotAnsweredYetItsGrace() throws Exception {
        try (SoloNode node0 = new SoloNode(WAIT)) {
            RawPeer[] node1 = node0.connectNode1();
            Thread fin = new Thread(node0.comm::fin);
            fin.start();
            for (RawPeer lane : node1) {
                assertEquals(Frames.BYE, lane.read(Comm.EXPRESS_MAX_BYTES).type());
            }
            fin.join(2_000);
            assertTrue(fin.isAlive(), "fin closed the lanes before the peer answered");
            for (RawPeer lane : node1) {
                lane.close();
            }
            fin.join(WAIT.toMillis());
            assertFalse(fin.isAlive(), "fin still waits after the peer closed");
            assertEquals(List.of(), node0.dispatcher.failureCalls());
        }
    }

    @Test
    void finSendsByeAndStopsEveryThread() throws Exception {
        TestMesh mesh = TestMesh.start(3, NettyComm::new, true, rank -> CommConfig.builder());
        try {
            mesh.comm(2).asend(0, new byte[1 << 20]); // still queued or in flight when fin starts
            mesh.comm(2).fin();
            mesh.comm(2).fin();
            RecordingDispatcher d0 = mesh.dispatcher(0);
            d0.await(() -> d0.bulkFrom(2).size() == 1, WAIT, "the message sent just before fin");
            Thread.sleep(200);
            assertEquals(List.of(), d0.failureCalls(), "a node that fins is not a failed node");
            assertEquals(List.of(), mesh.dispatcher(1).failureCalls());
        } finally {
            mesh.close();
        }
        assertEquals(List.of(), jdsmNettyThreads());
    }

    private static List<String> jdsmNettyThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("jdsm-netty")).toList();
    }
}
