package org.jdsm.comm.rendezvous;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
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

    /** Time that ran out before a connection (as after a retry's sleep that overshot) is no missing address table. */
    @Test
    void timeThatRunsOutBeforeAConnectionSaysSo() throws Exception {
        int port = Loopback.freePort();
        TcpRendezvous client = new TcpRendezvous(new NodeAddress("127.0.0.1", port), JOB, TestMesh.SECRET, Duration.ofNanos(1));
        CommException e = assertThrows(CommException.class, () -> client.exchange(0, new NodeAddress("127.0.0.1", 1)));
        assertTrue(e.getMessage().contains("could not connect within"), e.getMessage());
    }

    @Test
    void aFloodOfSilentConnectionsCostsFewThreadsAndKeepsNoNodeOut() throws Exception {
        int flood = 600;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Socket> silent = new ArrayList<>();
        try (LogCapture log = new LogCapture(TcpRendezvousServer.class.getName());
                TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", 3, JOB, TestMesh.SECRET, WAIT)) {
            int before = threads.getThreadCount();
            threads.resetPeakThreadCount();
            long floodEnds = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            openSilently(server, flood / 2, floodEnds, silent);
            long nodesStart = System.nanoTime();
            CompletableFuture<List<NodeAddress>> node0 = exchange(server, TestMesh.SECRET, 0, WAIT);
            CompletableFuture<List<NodeAddress>> node1 = exchange(server, TestMesh.SECRET, 1, WAIT);
            openSilently(server, flood / 2, floodEnds, silent); // the flood goes on while nodes 0 and 1 report
            long reportedMillis = awaitReported(server, Set.of(0, 1), nodesStart);
            int peak = threads.getPeakThreadCount();
            CompletableFuture<List<NodeAddress>> node2 = exchange(server, TestMesh.SECRET, 2, WAIT);
            assertEquals(node0.get(10, TimeUnit.SECONDS), node2.get(10, TimeUnit.SECONDS));
            assertEquals(node1.get(10, TimeUnit.SECONDS), node2.get(10, TimeUnit.SECONDS));

            // Handshakes run on the accept thread (counted in before): the flood adds the slots' cut-off
            // thread only. Nodes 0 and 1 add their threads here and, once authenticated, one each on the server.
            int allowed = before + 1 + 2 + 2;
            assertTrue(peak <= allowed, "peak of " + peak + " threads during a flood of " + silent.size()
                    + " connections (" + before + " before, " + allowed + " allowed)");
            assertEquals(flood, silent.size(), "the flood stopped early: more than 10 s, or the server stopped listening");
            assertTrue(reportedMillis < 5_000, "nodes 0 and 1 took " + reportedMillis + " ms to report during the flood");
            assertFalse(log.matching(m -> m.endsWith("cut off to make room: 35 connections were already authenticating"))
                    .isEmpty(), log.messages().toString());
        } finally {
            for (Socket socket : silent) {
                socket.close();
            }
        }
    }

    /** Milliseconds from {@code since} until {@code ranks} had reported, or until 10 s had passed. */
    private static long awaitReported(TcpRendezvousServer server, Set<Integer> ranks, long since) throws InterruptedException {
        long giveUp = since + TimeUnit.SECONDS.toNanos(10);
        while (!server.reportedRanks().containsAll(ranks) && System.nanoTime() < giveUp) {
            Thread.sleep(5);
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
    }

    /** Opens up to {@code count} connections that never send a byte, until {@code deadline} or the server stops listening. */
    private static void openSilently(TcpRendezvousServer server, int count, long deadline, List<Socket> into)
            throws IOException {
        InetSocketAddress address = new InetSocketAddress(server.address().host(), server.address().port());
        for (int i = 0; i < count && System.nanoTime() < deadline; i++) {
            Socket socket = new Socket();
            try {
                socket.connect(address, 5_000);
            } catch (ConnectException e) {
                socket.close();
                return;
            }
            into.add(socket);
        }
    }

    @Test
    void aConnectionThatTricklesItsHelloIsCutOffWhenItsTimeIsUp() throws Exception {
        byte[] hello = new Handshake(TestMesh.SECRET, JOB).dialer(Handshake.Purpose.RENDEZVOUS, 0, Handshake.SERVER_RANK)
                .hello().encode();
        try (LogCapture log = new LogCapture(TcpRendezvousServer.class.getName());
                TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", 1, JOB, TestMesh.SECRET, WAIT, 500);
                Socket socket = new Socket(server.address().host(), server.address().port())) {
            socket.setSoTimeout(100);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            byte[] frame = new byte[Frames.HEADER_BYTES + hello.length];
            frame[3] = (byte) hello.length;
            frame[4] = Frames.HELLO;
            System.arraycopy(hello, 0, frame, Frames.HEADER_BYTES, hello.length);
            long start = System.nanoTime();
            boolean closed = false;
            // A byte every 100 ms: each read is quick, the hello takes 5 s.
            for (int i = 0; i < frame.length && !closed; i++) {
                out.write(frame[i]);
                out.flush();
                closed = endedWithin(in);
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(closed && millis < 2_000, "still open after " + millis + " ms");
            assertEquals(1, log.awaitMatching(m -> m.endsWith("no complete handshake within 500 ms"), WAIT).size(),
                    log.messages().toString());
        }
    }

    /** True if the server closed the connection; false if it is still open after the socket's read time-out. */
    private static boolean endedWithin(InputStream in) throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    @Test
    void aHugeLengthPrefixIsRefusedBeforeAnythingIsAllocated() throws Exception {
        try (LogCapture log = new LogCapture(TcpRendezvousServer.class.getName());
                TcpRendezvousServer server = TcpRendezvousServer.start("127.0.0.1", 1, JOB, TestMesh.SECRET, WAIT);
                Socket socket = new Socket(server.address().host(), server.address().port())) {
            socket.setSoTimeout(2_000);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(Integer.MAX_VALUE);
            out.writeByte(Frames.HELLO);
            out.flush();
            assertEquals(-1, socket.getInputStream().read(), "closed at once, not waiting for 2 GiB");
            List<String> refused = log.awaitMatching(m -> m.contains("closed connection from"), WAIT);
            assertEquals(1, refused.size(), log.messages().toString());
            assertTrue(refused.get(0).endsWith(": frame of 2147483647 bytes exceeds the limit of "
                    + Handshake.MAX_MESSAGE_BYTES), refused.get(0));
        }
    }
}
