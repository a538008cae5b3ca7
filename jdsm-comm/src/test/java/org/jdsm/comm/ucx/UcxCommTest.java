package org.jdsm.comm.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.CommException;
import org.jdsm.comm.MessageWriter;
import org.jdsm.comm.Messages;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.net.BlockingHandshake;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.net.HandshakeException;
import org.jdsm.comm.testing.LogCapture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** UcxComm's own rules: who may talk to it, what it refuses, how it leaves. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UcxCommTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final byte[] WRONG_SECRET = "not-the-secret-of-this-job!!".getBytes(StandardCharsets.UTF_8);

    @BeforeEach
    void needsUcx() {
        UcxTests.assumeUcx();
    }

    @Test
    void unauthenticatedDialerIsRefusedAndLearnsNothing() throws Exception {
        try (LogCapture log = new LogCapture(UcxMesh.LOG.getName()); Solo node0 = new Solo()) {
            try (SocketChannel intruder = SocketChannel.open(address(node0.address()))) {
                HandshakeException refused = assertThrows(HandshakeException.class, () -> BlockingHandshake.dial(
                        new Handshake(WRONG_SECRET, node0.job).dialer(Handshake.Purpose.UCX_CONTROL, 1, 0),
                        new DataInputStream(intruder.socket().getInputStream()),
                        new DataOutputStream(intruder.socket().getOutputStream())));
                assertTrue(refused.getMessage().contains("failed to prove"), refused.getMessage());
            }
            try (RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
                node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS); // the real node 1 still gets in
            }
            // Logged by the intruder's handshake thread, which may still be at it when the intruder has its answer.
            assertFalse(log.awaitMatching(m -> m.contains("refused a UCX bootstrap connection"), WAIT).isEmpty(),
                    log.messages().toString());
        }
    }

    /**
     * An intruder that sends its hello one byte at a time, each byte within the per-read time-out,
     * must not hold up the real node 1 behind it: the handshake has a deadline as a whole.
     */
    @Test
    void aTricklingIntruderDoesNotHoldUpStartUp() throws Exception {
        try (LogCapture log = new LogCapture(UcxMesh.LOG.getName()); Solo node0 = new Solo();
             SocketChannel intruder = SocketChannel.open(address(node0.address()))) {
            Thread trickle = new Thread(() -> trickle(intruder), "trickling-intruder");
            trickle.setDaemon(true);
            trickle.start();
            Thread.sleep(200); // the intruder is first in line
            try (RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
                node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
            // The intruder's handshake thread logs its refusal once start-up has cut it off: maybe after init.
            assertFalse(log.awaitMatching(m -> m.contains("refused a UCX bootstrap connection"), WAIT).isEmpty(),
                    log.messages().toString());
        }
    }

    /** Silent connections cost node 0 no thread of their own and do not keep the real node 1 out. */
    @Test
    void aFloodOfSilentConnectionsCostsFewThreadsAndKeepsNoNodeOut() throws Exception {
        int flood = 300;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<SocketChannel> silent = new ArrayList<>();
        try (LogCapture log = new LogCapture(UcxMesh.LOG.getName()); Solo node0 = new Solo()) {
            InetSocketAddress address = address(node0.address());
            int before = threads.getThreadCount();
            threads.resetPeakThreadCount();
            long floodEnds = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (int i = 0; i < flood && System.nanoTime() < floodEnds; i++) {
                silent.add(SocketChannel.open(address));
            }
            try (RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
                node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
            // Handshakes run on node 0's init thread (counted in before): the flood adds the slots' cut-off
            // thread only. Node 1 adds its address swap on node 0 and the progress threads of both nodes.
            int allowed = before + 1 + 1 + 2;
            assertTrue(threads.getPeakThreadCount() <= allowed, "peak of " + threads.getPeakThreadCount()
                    + " threads during a flood of " + silent.size() + " connections (" + before + " before, "
                    + allowed + " allowed)");
            assertEquals(flood, silent.size(), "the flood took more than 10 s to open");
            assertFalse(log.matching(m -> m.endsWith("cut off to make room: 34 connections were already authenticating"))
                    .isEmpty(), log.messages().toString());
        } finally {
            for (SocketChannel channel : silent) {
                channel.close();
            }
        }
    }

    /** A HELLO frame, one byte every 1.5 s (under Solo's 2 s handshake time-out), for at most 30 s. */
    private static void trickle(SocketChannel intruder) {
        byte[] hello = new Handshake(WRONG_SECRET, "any").dialer(Handshake.Purpose.UCX_CONTROL, 1, 0).hello().encode();
        ByteBuffer frame = ByteBuffer.allocate(Frames.HEADER_BYTES + hello.length).putInt(hello.length)
                .put(Frames.HELLO).put(hello);
        frame.flip();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (frame.hasRemaining() && System.nanoTime() < deadline) {
                intruder.write(ByteBuffer.wrap(new byte[] {frame.get()}));
                Thread.sleep(1500);
            }
        } catch (IOException | InterruptedException e) {
            // node 0 hung up on us, or the test is over
        }
    }

    @Test
    void messageWithAWrongKeyIsDroppedButTheRightKeyGetsThrough() throws Exception {
        try (LogCapture log = new LogCapture(UcxMesh.LOG.getName()); Solo node0 = new Solo();
             RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
            node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            node1.send(Tags.of(false, 1, node1.key + 1), "forged".getBytes(StandardCharsets.US_ASCII));
            node1.send(Tags.of(false, 1, node1.key), "genuine".getBytes(StandardCharsets.US_ASCII));
            RecordingDispatcher d = node0.dispatcher;
            d.await(() -> d.bulkFrom(1).size() == 1, WAIT, "the genuine message");
            assertEquals("genuine", new String(d.bulkFrom(1).get(0), StandardCharsets.US_ASCII));
            assertEquals(1, d.totalReceived(), "the forged message was delivered");
            assertTrue(log.messages().stream().anyMatch(m -> m.contains("not from an authenticated peer")),
                    log.messages().toString());
        }
    }

    @Test
    void oversizedExpressFrameFailsThePeerOnce() throws Exception {
        try (LogCapture log = new LogCapture(UcxMesh.LOG.getName()); Solo node0 = new Solo();
             RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
            node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            node1.send(Tags.of(true, 1, node1.key), new byte[Comm.EXPRESS_MAX_BYTES + 1]);
            node1.send(Tags.of(true, 1, node1.key), new byte[Comm.EXPRESS_MAX_BYTES + 1]);
            RecordingDispatcher d = node0.dispatcher;
            d.await(() -> d.failures().containsKey(1), WAIT, "node 1's failure");
            assertTrue(d.failures().get(1).getMessage().contains("over the limit of 64"), d.failures().get(1).getMessage());
            Thread.sleep(200);
            assertEquals(List.of("peerFailed(1)"), d.failureCalls());
            assertEquals(0, d.totalReceived());
            assertTrue(log.messages().stream().anyMatch(m -> m.contains("lost node 1")), log.messages().toString());
        }
    }

    @Test
    void leavingDoesNotWaitForPeersThatStay() throws Exception {
        try (TestMesh mesh = TestMesh.start(2, UcxComm::new, true, rank -> UcxTests.over(UcxTests.TCP))) {
            long start = System.nanoTime();
            mesh.comm(0).fin();
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "fin waited for node 1 to leave too");
            mesh.comm(1).asend(0, new byte[10]); // dropped: node 0 is gone
            Thread.sleep(300);
            assertEquals(List.of(), mesh.dispatcher(1).failureCalls(), "a goodbye is no failure");
            assertEquals(List.of(), mesh.dispatcher(0).failureCalls());
        }
    }

    /**
     * A hung peer (connected, never saying goodbye) gets no grace from abort, which a failed job
     * calls: abort took fin's 10 s here.
     */
    @Test
    void abortDoesNotWaitForAHungPeer() throws Exception {
        try (Solo node0 = new Solo(); RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
            node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            long start = System.nanoTime();
            node0.comm.abort();
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 3_000, "abort took " + millis + " ms: it waited for the hung peer's goodbye");
            assertEquals(List.of(), node0.dispatcher.failureCalls());
        }
    }

    /**
     * A peer that dies (its control channel closes) while node 0 is receiving a rendezvous message
     * from it leaves that receive unfinished in UCX. Over tcp (peer error handling) UCX keeps it
     * on node 0's endpoint, and destroying the worker with it there aborted the JVM on UCX's
     * assertion (ucp_ep.c "proto_reqs"): fin must close such endpoints first.
     */
    @Test
    void finAfterAPeerDiedMidRendezvousDoesNotAbort() throws Exception {
        try (Solo node0 = new Solo();
             RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP, true)) {
            node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            RecordingDispatcher d = node0.dispatcher;
            node1.send(Tags.of(false, 1, node1.key), new byte[16]); // the endpoints are wired up
            d.await(() -> d.bulkFrom(1).size() == 1, WAIT, "the first message");
            // Rendezvous: node 0 starts to receive it, and it never completes.
            node1.sendThenStall(Tags.of(false, 1, node1.key), new byte[64 << 20], 20_000);
            Thread.sleep(300);
            node1.closeControl();
            d.await(() -> d.failures().containsKey(1), WAIT, "node 1's failure");
            node0.comm.fin(); // destroys node 0's worker: a UCX assertion would abort this JVM
            assertEquals(1, d.bulkFrom(1).size());
        }
    }

    /** After a job that ended well, fin waits for a slow peer's goodbye: nothing sent is lost. */
    @Test
    void finGivesAPeerThatHasNotAnsweredYetItsGrace() throws Exception {
        try (Solo node0 = new Solo(); RawUcxPeer node1 = RawUcxPeer.connect(node0.address(), node0.job, UcxTests.TCP)) {
            node0.init.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            Thread fin = new Thread(node0.comm::fin);
            fin.start();
            fin.join(2_000);
            assertTrue(fin.isAlive(), "fin closed before the peer answered");
            node1.close(); // its control channel closes: node 0 is done with it
            fin.join(WAIT.toMillis());
            assertFalse(fin.isAlive(), "fin still waits after the peer left");
        }
    }

    /**
     * Both nodes' threads keep sending large messages that write themselves (through UCX staging
     * memory) while node 0 leaves: what arrived is intact and in order, later sends are dropped
     * without an error, and staging memory still queued or handed out at the end is freed without
     * harm (a use after free would crash this JVM). Bounded in count and time.
     */
    @Test
    void largeWrittenMessagesRacingFinArriveInOrderOrAreDropped() throws Exception {
        for (String transports : List.of(UcxTests.TCP, UcxTests.SHARED_MEMORY)) {
            try (TestMesh mesh = TestMesh.start(2, UcxComm::new, true, rank -> UcxTests.over(transports))) {
                List<Thread> senders = new ArrayList<>();
                for (int node = 0; node < 2; node++) {
                    Comm comm = mesh.comm(node);
                    int from = node;
                    senders.add(new Thread(() -> {
                        long deadline = System.nanoTime() + WAIT.toNanos();
                        for (int seq = 0; seq < 400 && System.nanoTime() < deadline; seq++) {
                            byte[] message = Messages.make(from, seq, (256 << 10) + seq);
                            comm.asend(1 - from, MessageWriter.of(message, 0, message.length));
                        }
                    }, "sender-" + node));
                }
                senders.forEach(Thread::start);
                RecordingDispatcher one = mesh.dispatcher(1);
                one.await(() -> one.bulkFrom(0).size() >= 20, WAIT, "20 messages 0->1 before node 0 leaves");
                mesh.comm(0).fin();
                for (Thread t : senders) {
                    t.join(WAIT.toMillis());
                    assertFalse(t.isAlive(), t.getName() + " still sending");
                }
                for (int to = 0; to < 2; to++) {
                    List<byte[]> got = mesh.dispatcher(to).bulkFrom(1 - to);
                    Messages.checkSequence(got, 1 - to, got.size(), transports + " " + (1 - to) + "->" + to);
                    assertEquals(List.of(), mesh.dispatcher(to).failureCalls(), "a goodbye is no failure");
                }
            }
        }
    }

    @Test
    void nodesWithoutACommonTransportFailInitNamingThePeer() {
        ExecutionException e = assertThrows(ExecutionException.class, () -> TestMesh.start(2, UcxComm::new, true,
                rank -> UcxTests.over(rank == 0 ? UcxTests.TCP : UcxTests.SHARED_MEMORY)));
        assertTrue(e.getCause().getMessage().contains("no UCX endpoint to node"), e.getCause().getMessage());
        assertTrue(e.getCause().getMessage().contains("UCX_TLS"), e.getCause().getMessage());
    }

    @Test
    void badOptionsAreRefusedWithTheirName() {
        for (String[] bad : new String[][] {{"ucx.progress", "sometimes"}, {"ucx.errorHandling", "maybe"},
                {"ucx.spinMicros", "-1"}, {UcxOptions.CONFIG_PREFIX + "RNDV_THRESH", "lots"}}) {
            CommConfig config = CommConfig.builder().secret(TestMesh.SECRET).option(bad[0], bad[1]).build();
            UcxComm comm = new UcxComm();
            CommException e = assertThrows(CommException.class, () -> comm.init(config, new RecordingDispatcher()));
            assertTrue(e.getMessage().contains(bad[0].replace(UcxOptions.CONFIG_PREFIX, "")), e.getMessage());
            comm.fin();
        }
    }

    /** Transports UCX does not have fail init naming where they came from, not only "No such device". */
    @Test
    void transportsUcxDoesNotHaveAreNamedWithTheSettingThatAskedForThem() {
        CommConfig config = CommConfig.builder().secret(TestMesh.SECRET).option(UcxOptions.CONFIG_PREFIX + "TLS", "bogus").build();
        UcxComm comm = new UcxComm();
        CommException e = assertThrows(CommException.class, () -> comm.init(config, new RecordingDispatcher()));
        assertTrue(e.getMessage().contains("UCX could not start"), e.getMessage());
        assertTrue(e.getMessage().contains("ucx.config.TLS=bogus"), e.getMessage());
        comm.fin();
    }

    @Test
    void errorHandlingFollowsWhetherSharedMemoryMayBeUsed() {
        assertTrue(UcxOptions.mayUseSharedMemory(null), "UCX's default includes shared memory");
        assertTrue(UcxOptions.mayUseSharedMemory("tcp,sm"));
        assertTrue(UcxOptions.mayUseSharedMemory(UcxTests.SHARED_MEMORY));
        assertTrue(UcxOptions.mayUseSharedMemory("^ib"));
        assertFalse(UcxOptions.mayUseSharedMemory("tcp"));
        assertFalse(UcxOptions.mayUseSharedMemory("rc,ud,self"));
    }

    @Test
    void peerErrorHandlingIsAnsweredForGivenOptions() {
        String tls = UcxOptions.CONFIG_PREFIX + "TLS";
        assertTrue(UcxComm.usesPeerErrorHandling(Map.of(tls, "tcp")), "auto over tcp alone");
        assertFalse(UcxComm.usesPeerErrorHandling(Map.of(tls, UcxTests.SHARED_MEMORY)), "auto with shared memory");
        assertFalse(UcxComm.usesPeerErrorHandling(Map.of(tls, "tcp", "ucx.errorHandling", "none")));
        assertTrue(UcxComm.usesPeerErrorHandling(Map.of(tls, "sm", "ucx.errorHandling", "peer")));
        CommException e = assertThrows(CommException.class,
                () -> UcxComm.usesPeerErrorHandling(Map.of("ucx.errorHandling", "maybe")));
        assertTrue(e.getMessage().contains("ucx.errorHandling"), e.getMessage());
    }

    /** Node 0 of a 2-node job, whose init runs in the background until node 1 (a test's RawUcxPeer) is in. */
    private static final class Solo implements AutoCloseable {
        final String job = "solo-" + System.nanoTime();
        final UcxComm comm = new UcxComm();
        final RecordingDispatcher dispatcher = new RecordingDispatcher();
        final CompletableFuture<Void> init;
        private final CompletableFuture<NodeAddress> address = new CompletableFuture<>();

        Solo() {
            CommConfig config = UcxTests.over(UcxTests.TCP).jobId(job).myNode(0).nodes(2).secret(TestMesh.SECRET)
                    .connectTimeout(WAIT).option("ucx.handshakeTimeoutMs", "2000")
                    .rendezvous((me, mine) -> {
                        address.complete(mine);
                        return List.of(mine, new NodeAddress("127.0.0.1", 1)); // node 1 dials us
                    }).build();
            init = CompletableFuture.runAsync(() -> comm.init(config, dispatcher),
                    task -> new Thread(task, "node-0-init").start());
        }

        NodeAddress address() throws Exception {
            return address.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            comm.fin();
        }
    }

    private static InetSocketAddress address(NodeAddress a) {
        return new InetSocketAddress(a.host(), a.port());
    }
}
