package org.jdsm.comm.rendezvous;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommException;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.testing.LogCapture;
import org.jdsm.comm.testing.Loopback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TcpRendezvousTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String JOB = "rendezvous-test";

    /** Runs one node's exchange on its own thread (they block until all have reported). */
    private static CompletableFuture<List<NodeAddress>> exchange(TcpRendezvousServer server, byte[] secret, int rank, Duration timeout) {
        TcpRendezvous client = new TcpRendezvous(server.address(), JOB, secret, timeout);
        return CompletableFuture.supplyAsync(() -> client.exchange(rank, new NodeAddress("127.0.0.1", 1000 + rank)),
                task -> new Thread(task, "node-" + rank).start());
    }

    @Test
    void everyNodeGetsTheWholeTable() throws Exception {
        try (TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", 3, JOB, TestMesh.SECRET, WAIT)) {
            List<CompletableFuture<List<NodeAddress>>> nodes = new ArrayList<>();
            for (int rank = 2; rank >= 0; rank--) {
                nodes.add(exchange(server, TestMesh.SECRET, rank, WAIT));
            }
            List<NodeAddress> expected = List.of(new NodeAddress("127.0.0.1", 1000), new NodeAddress("127.0.0.1", 1001),
                    new NodeAddress("127.0.0.1", 1002));
            for (CompletableFuture<List<NodeAddress>> node : nodes) {
                assertEquals(expected, node.get(10, TimeUnit.SECONDS));
            }
            assertEquals(expected, server.await());
            assertEquals(Set.of(0, 1, 2), server.reportedRanks());
        }
    }

    @Test
    void wrongSecretIsRefusedAndTheOthersStillMeet() throws Exception {
        byte[] wrong = "some-other-secret-value".getBytes(StandardCharsets.UTF_8);
        try (LogCapture log = new LogCapture(TcpRendezvousServer.class.getName());
                TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", 2, JOB, TestMesh.SECRET, WAIT)) {
            CompletableFuture<List<NodeAddress>> impostor = exchange(server, wrong, 1, WAIT);
            Exception e = assertThrows(Exception.class, () -> impostor.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof CommException, e.toString());
            String message = e.getCause().getMessage();
            assertTrue(message.contains("node 1: rendezvous with the rendezvous server at " + server.address()), message);
            assertTrue(message.contains("failed to prove the job secret"), message);

            CompletableFuture<List<NodeAddress>> node0 = exchange(server, TestMesh.SECRET, 0, WAIT);
            CompletableFuture<List<NodeAddress>> node1 = exchange(server, TestMesh.SECRET, 1, WAIT);
            assertEquals(node0.get(10, TimeUnit.SECONDS), node1.get(10, TimeUnit.SECONDS));
            assertEquals(1, log.messages().size(), log.messages().toString());
            assertTrue(log.messages().get(0).matches(
                    "WARNING rendezvous: closed connection from /127.0.0.1:\\d+: closed by the remote side mid-protocol"),
                    log.messages().get(0));
        }
    }

    @Test
    void timeoutNamesTheRanksThatNeverReported() throws Exception {
        try (LogCapture log = new LogCapture(TcpRendezvousServer.class.getName());
                TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", 3, JOB, TestMesh.SECRET,
                        Duration.ofMillis(700))) {
            CompletableFuture<List<NodeAddress>> node0 = exchange(server, TestMesh.SECRET, 0, WAIT);
            CommException e = assertThrows(CommException.class, server::await);
            assertEquals("rendezvous: ranks [1, 2] did not report within 700 ms", e.getMessage());
            assertEquals(Set.of(0), server.reportedRanks());
            Exception failed = assertThrows(Exception.class, () -> node0.get(10, TimeUnit.SECONDS));
            assertTrue(failed.getCause().getMessage().contains("closed the connection before sending the address table"),
                    failed.getCause().getMessage());
        }
    }

    @Test
    void clientGivesUpWhenNoServerListens() throws Exception {
        int port = Loopback.freePort();
        TcpRendezvous client = new TcpRendezvous(new NodeAddress("127.0.0.1", port), JOB, TestMesh.SECRET, Duration.ofMillis(400));
        CommException e = assertThrows(CommException.class, () -> client.exchange(0, new NodeAddress("127.0.0.1", 1)));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port) && e.getMessage().contains("could not connect within 400 ms"),
                e.getMessage());
    }
}
