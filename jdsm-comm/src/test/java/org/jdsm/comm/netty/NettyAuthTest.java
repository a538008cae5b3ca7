package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;
import org.jdsm.comm.testing.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Connections that fail authentication are closed with one log line naming the remote side and
 * the reason; nothing of theirs reaches the Dispatcher, and the node keeps serving its real peers.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NettyAuthTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final byte[] WRONG_SECRET = "not-the-job-secret-at-all".getBytes(StandardCharsets.UTF_8);

    private LogCapture log;
    private TestMesh mesh;
    private NodeAddress node0;
    private String job;

    @BeforeEach
    void start() throws Exception {
        log = new LogCapture("org.jdsm.comm.netty");
        mesh = TestMesh.start(2, NettyComm::new, true, rank -> CommConfig.builder());
        node0 = mesh.addresses().get(0);
        job = mesh.jobId();
    }

    @AfterEach
    void stop() throws Exception {
        mesh.close();
        log.close();
    }

    @Test
    void wrongSecretIsRefusedWithOneLogLine() throws Exception {
        try (RawPeer impostor = RawPeer.connect(node0)) {
            Handshake.Dialer dialer = new Handshake(WRONG_SECRET, job).dialer(Handshake.Purpose.BULK_LANE, 1, 0);
            impostor.send(Frames.HELLO, dialer.hello().encode());
            Frame challenge = impostor.read(Handshake.MAX_MESSAGE_BYTES);
            assertEquals(Frames.CHALLENGE, challenge.type());
            impostor.send(Frames.PROOF, new byte[32]); // it cannot compute the real proof
            impostor.send(Frames.DATA, "must never be delivered".getBytes(StandardCharsets.UTF_8));
            assertTrue(impostor.closedByNode(WAIT), "node 0 closes the impostor's connection");
            assertOneRefusal(impostor, "authentication failed: bad proof");
        }
        assertMeshStillServes();
    }

    @Test
    void nodeWithWrongSecretFailsToStartAndNamesThePeer() throws Exception {
        NettyComm impostor = new NettyComm();
        CommConfig config = CommConfig.builder().jobId(job).myNode(1).nodes(2).secret(WRONG_SECRET)
                .connectTimeout(WAIT).rendezvous((me, mine) -> List.of(node0, mine)).build();
        CommException e = assertThrows(CommException.class, () -> impostor.init(config, new RecordingDispatcher()));
        assertTrue(e.getMessage().contains("to node 0 at /" + node0), e.getMessage());
        assertTrue(e.getMessage().contains("failed to prove the job secret"), e.getMessage());
        assertMeshStillServes();
    }

    @Test
    void duplicateConnectionIsRefused() throws Exception {
        HandshakeException e = assertThrows(HandshakeException.class,
                () -> RawPeer.lane(node0, TestMesh.SECRET, job, Lane.BULK, 1, 0).close());
        assertTrue(e.getMessage().contains("instead of accepting us"), e.getMessage());
        List<String> refusals = refusals();
        assertEquals(1, refusals.size(), refusals.toString());
        assertTrue(refusals.get(0).contains("duplicate connection: the bulk lane to node 1 is already up"), refusals.get(0));
        assertMeshStillServes();
    }

    @Test
    void falseClaimsAreRefusedBeforeAnyProofIsSent() throws Exception {
        String[][] cases = {
            {"5", "0", "unknown rank 5 (the job has 2 nodes)"},
            {"1", "1", "addressed to node 1, but this is node 0"},
            {"0", "0", "node 0 must not dial node 0"},
        };
        for (String[] c : cases) {
            try (RawPeer liar = RawPeer.connect(node0)) {
                Handshake.Dialer dialer = new Handshake(TestMesh.SECRET, job)
                        .dialer(Handshake.Purpose.EXPRESS_LANE, Integer.parseInt(c[0]), Integer.parseInt(c[1]));
                liar.send(Frames.HELLO, dialer.hello().encode());
                assertTrue(liar.closedByNode(WAIT), "refused: " + c[2]);
                assertTrue(log.messages().stream().anyMatch(m -> m.contains(liar.localAddress()) && m.contains(c[2])),
                        c[2] + " in " + log.messages());
            }
        }
        assertEquals(cases.length, refusals().size(), log.messages().toString());
        assertMeshStillServes();
    }

    private void assertOneRefusal(RawPeer peer, String reason) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT.toMillis();
        while (refusals().isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        List<String> refusals = refusals();
        assertEquals(1, refusals.size(), refusals.toString());
        assertTrue(refusals.get(0).contains("connection from /" + peer.localAddress()), refusals.get(0));
        assertTrue(refusals.get(0).contains(reason), refusals.get(0));
    }

    private List<String> refusals() {
        return log.matching(m -> m.contains("node 0: closed connection from"));
    }

    /** Node 0 got nothing but real traffic, reported no failure, and still talks to node 1 both ways. */
    private void assertMeshStillServes() throws Exception {
        mesh.comm(1).asend(0, new byte[] {1});
        mesh.comm(0).expressSend(1, new byte[] {2});
        RecordingDispatcher d0 = mesh.dispatcher(0);
        RecordingDispatcher d1 = mesh.dispatcher(1);
        d0.await(() -> d0.bulkFrom(1).size() == 1, WAIT, "node 1 -> node 0");
        d1.await(() -> d1.expressFrom(0).size() == 1, WAIT, "node 0 -> node 1");
        assertEquals(1, d0.totalReceived(), "only node 1's message reached node 0's dispatcher");
        assertEquals(List.of(), d0.failureCalls());
        assertEquals(List.of(), d1.failureCalls());
    }
}
