package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.Rendezvous;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeSlots;
import org.jdsm.comm.net.ThrottledLog;
import org.jdsm.comm.testing.LogCapture;
import org.jdsm.comm.testing.ResourceCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A flood of connections that never authenticate, which anyone who can reach a node's port may
 * open, keeps few sockets of the node open and few lines in its log, and keeps no real node out;
 * a connection has a time limit on its whole handshake, not on each read.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyListenerFloodTest {

    private static final int FLOOD = 2000;
    private static final Duration WAIT = Duration.ofSeconds(20);
    /** Node 0's slots, node 1's two lanes and the listener, with room for cut-off sockets still closing. */
    private static final int ALLOWED_SOCKETS = 2 + HandshakeSlots.SPARE + 2 + 1 + 32;

    @Test
    void aFloodOfSilentConnectionsKeepsFewSocketsAndLogLinesAndNoNodeOut() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "counts sockets in /proc (Linux only)");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Flood flood = new Flood();
        try (LogCapture log = new LogCapture(Mesh.LOG.getName())) {
            CompletableFuture<NodeAddress> address0 = new CompletableFuture<>();
            Node node0 = new Node(0, (me, mine) -> {
                address0.complete(mine);
                return List.of(mine, new NodeAddress("127.0.0.1", 1)); // node 1 dials us: its address is unused
            });
            try (node0) {
                NodeAddress listener = address0.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                int threadsBefore = threads.getThreadCount();
                flood.open(listener, FLOOD / 2);
                int threadsDuringFlood = threads.getThreadCount();

                long joinStart = System.nanoTime();
                try (Node node1 = new Node(1, (me, mine) -> List.of(listener, mine))) {
                    node1.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                    node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                    long joinedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - joinStart);
                    flood.open(listener, FLOOD / 2); // the flood goes on once node 1 is in
                    long exchangeMillis = exchange(node0, node1);
                    flood.close(); // node 0 sees each connection it still holds end unauthenticated
                    awaitSocketsOnPort(listener.port(), 3); // the listener and node 1's two lanes
                    int logLines = log.messages().size();
                    System.out.printf("flood of %d: at most %d sockets on node 0's port, threads %d -> %d,"
                            + " node 1 joined in %d ms, exchange %d ms, %d log lines%n", flood.size(), flood.peakSockets,
                            threadsBefore, threadsDuringFlood, joinedMillis, exchangeMillis, logLines);

                    assertEquals(FLOOD, flood.size(), "the flood took more than 10 s to open");
                    assertTrue(flood.peakSockets <= ALLOWED_SOCKETS, "node 0 held " + flood.peakSockets
                            + " sockets on its port during a flood of " + flood.size() + " (" + ALLOWED_SOCKETS + " allowed)");
                    assertTrue(threadsDuringFlood <= threadsBefore + 1, threadsBefore + " threads before the flood, "
                            + threadsDuringFlood + " during"); // + 1: node 0's second event loop starts with a channel
                    assertTrue(joinedMillis < 5_000, "node 1 took " + joinedMillis + " ms to join during the flood");
                    assertTrue(exchangeMillis < 5_000, "the nodes took " + exchangeMillis + " ms to exchange messages");
                    assertTrue(logLines <= 2 * ThrottledLog.REFUSAL_LINES + 1, logLines + " log lines");
                }
            }
            assertFalse(log.matching(m -> m.endsWith("cut off to make room: 34 connections were already authenticating"))
                    .isEmpty(), log.messages().toString());
            assertFalse(log.matching(m -> m.contains("more such warnings were logged at level FINE only")).isEmpty(),
                    log.messages().toString()); // node 0's fin says how many
        } finally {
            flood.close();
        }
    }

    @Test
    void aConnectionThatTricklesItsHelloIsCutOffWhenItsTimeIsUp() throws Exception {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        Frames.write(new DataOutputStream(frame), Frames.HELLO,
                new Handshake(TestMesh.SECRET, "any").dialer(Handshake.Purpose.BULK_LANE, 1, 0).hello().encode());
        try (LogCapture log = new LogCapture(Mesh.LOG.getName()); SoloNode node0 = new SoloNode(WAIT);
                RawPeer trickler = RawPeer.connect(node0.address())) {
            long start = System.nanoTime();
            Thread trickle = new Thread(() -> trickle(trickler, frame.toByteArray()), "trickle");
            trickle.start();
            assertTrue(trickler.closedByNode(WAIT), "node 0 never cut off the trickling connection");
            long cutOffMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            trickle.interrupt();
            // SoloNode gives a connection 2 s to authenticate; a byte every 500 ms would keep a per-read limit happy.
            assertTrue(cutOffMillis >= 1_500 && cutOffMillis < 5_000, "cut off after " + cutOffMillis + " ms");
            assertEquals(1, log.awaitMatching(m -> m.endsWith("no complete handshake within 2000 ms"), WAIT).size(),
                    log.messages().toString());
            for (RawPeer lane : node0.connectNode1()) { // node 0 still lets a real node in
                lane.close();
            }
        }
    }

    /** Sends {@code bytes} one every 500 ms, until the node hangs up or the thread is interrupted. */
    private static void trickle(RawPeer peer, byte[] bytes) {
        try {
            for (byte b : bytes) {
                peer.sendRaw(new byte[] {b});
                Thread.sleep(500);
            }
        } catch (IOException | InterruptedException e) {
            // node 0 hung up on us, or the test is over
        }
    }

    /** Waits up to 5 s until this process holds at most {@code sockets} sockets on {@code port}. */
    private static void awaitSocketsOnPort(int port, int sockets) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ResourceCheck.socketsOnLocalPort(port) > sockets && System.nanoTime() < giveUp) {
            Thread.sleep(20);
        }
    }

    /** Milliseconds until a bulk message from node 1 and an express message from node 0 arrived. */
    private static long exchange(Node node0, Node node1) throws InterruptedException {
        long start = System.nanoTime();
        node1.comm.asend(0, new byte[] {1});
        node0.comm.expressSend(1, new byte[] {2});
        node0.dispatcher.await(() -> node0.dispatcher.bulkFrom(1).size() == 1, WAIT, "node 1 -> node 0");
        node1.dispatcher.await(() -> node1.dispatcher.expressFrom(0).size() == 1, WAIT, "node 0 -> node 1");
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    /** A real NettyComm of a 2-node job, its init running in the background. */
    private static final class Node implements AutoCloseable {

        final NettyComm comm = new NettyComm();
        final RecordingDispatcher dispatcher = new RecordingDispatcher();
        final CompletableFuture<Void> init;

        Node(int rank, Rendezvous rendezvous) {
            CommConfig config = CommConfig.builder().jobId("flood").myNode(rank).nodes(2).secret(TestMesh.SECRET)
                    .connectTimeout(WAIT).rendezvous(rendezvous).build();
            init = CompletableFuture.runAsync(() -> comm.init(config, dispatcher),
                    task -> new Thread(task, "node-" + rank + "-init").start());
        }

        @Override
        public void close() {
            comm.fin();
        }
    }

    /** Connections that never send a byte, opened within 10 s in all, and the most sockets node 0 held meanwhile. */
    private static final class Flood implements AutoCloseable {

        private final List<SocketChannel> silent = new ArrayList<>();
        private final long ends = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int peakSockets;

        void open(NodeAddress node, int count) throws IOException {
            InetSocketAddress address = new InetSocketAddress(node.host(), node.port());
            for (int i = 0; i < count && System.nanoTime() < ends; i++) {
                silent.add(SocketChannel.open(address));
                if (silent.size() % 100 == 0) {
                    peakSockets = Math.max(peakSockets, ResourceCheck.socketsOnLocalPort(node.port()));
                }
            }
        }

        int size() {
            return silent.size();
        }

        @Override
        public void close() throws IOException {
            for (SocketChannel channel : silent) {
                channel.close(); // a second time does nothing
            }
        }
    }
}
