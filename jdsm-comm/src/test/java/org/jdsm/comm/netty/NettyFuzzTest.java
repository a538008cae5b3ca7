package org.jdsm.comm.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Messages;
import org.jdsm.comm.NodeAddress;
import org.jdsm.comm.RecordingDispatcher;
import org.jdsm.comm.TestMesh;
import org.jdsm.comm.net.Frame;
import org.jdsm.comm.net.Frames;
import org.jdsm.comm.net.Handshake;
import org.jdsm.comm.testing.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Throws garbage at a live, authenticated 2-node mesh: random bytes, truncated and mutated hellos,
 * huge and negative length prefixes, replayed handshakes, wrong proofs, duplicates, stalls. Node 1
 * keeps sending to node 0 meanwhile. Afterwards node 0 must have received exactly node 1's
 * messages, in order, reported no failure, logged exactly one line per hostile connection, and
 * still talk to node 1.
 */
class NettyFuzzTest {

    private static final int CONNECTIONS = 300;
    private static final Duration BUDGET = Duration.ofSeconds(20);
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final AtomicInteger made = new AtomicInteger();
    private NodeAddress target;
    private String job;
    private byte[] recordedHello;
    private byte[] recordedProof;

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void garbageNeverReachesTheDispatcherAndTheMeshKeepsWorking() throws Exception {
        try (LogCapture log = new LogCapture("org.jdsm.comm.netty", Level.FINE); // refusals over the rate go to FINE
                TestMesh mesh = TestMesh.start(2, NettyComm::new, true,
                        rank -> CommConfig.builder().option("netty.handshakeTimeoutMs", "1000"),
                        RecordingDispatcher::lending)) { // the decoder path Trans gets
            target = mesh.addresses().get(0);
            job = mesh.jobId();
            recordGenuineHandshake();

            AtomicBoolean fuzzing = new AtomicBoolean(true);
            AtomicInteger bulkSent = new AtomicInteger();
            AtomicInteger expressSent = new AtomicInteger();
            Thread traffic = new Thread(() -> {
                while (fuzzing.get()) {
                    mesh.comm(1).asend(0, Messages.make(1, bulkSent.getAndIncrement(), 200));
                    mesh.comm(1).expressSend(0, Messages.make(1, expressSent.getAndIncrement(), 16));
                    sleepQuietly(2);
                }
            });
            traffic.start();

            int attempted = fuzz();
            fuzzing.set(false);
            traffic.join(WAIT.toMillis());

            RecordingDispatcher d0 = mesh.dispatcher(0);
            d0.await(() -> d0.bulkFrom(1).size() == bulkSent.get() && d0.expressFrom(1).size() == expressSent.get(),
                    WAIT, "node 1's traffic during the fuzz");
            Messages.checkSequence(d0.bulkFrom(1), 1, bulkSent.get(), "bulk 1->0 during the fuzz");
            Messages.checkSequence(d0.expressFrom(1), 1, expressSent.get(), "express 1->0 during the fuzz");
            assertEquals(bulkSent.get() + expressSent.get(), d0.totalReceived(), "nothing but node 1's messages");
            assertEquals(List.of(), d0.failureCalls());
            assertEquals(List.of(), mesh.dispatcher(1).failureCalls());

            int expectedLines = attempted + 1; // plus the genuine-but-duplicate handshake recorded first
            long deadline = System.currentTimeMillis() + WAIT.toMillis();
            while (refusals(log) < expectedLines && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(expectedLines, refusals(log), "one log line per hostile connection (at FINE once over the rate)");

            mesh.comm(0).asend(1, new byte[] {1});
            RecordingDispatcher d1 = mesh.dispatcher(1);
            d1.await(() -> d1.bulkFrom(0).size() == 1, WAIT, "node 0 -> node 1 after the fuzz");
        }
    }

    /** Runs the hostile connections on a few threads; returns how many were made. */
    private int fuzz() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        long deadline = System.nanoTime() + BUDGET.toNanos();
        List<Future<?>> attacks = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                int attack = i;
                attacks.add(pool.submit(() -> {
                    if (System.nanoTime() < deadline) {
                        attack(attack, new Random(attack));
                    }
                    return null;
                }));
            }
            for (Future<?> attack : attacks) {
                attack.get(BUDGET.toSeconds() + 30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        return made.get();
    }

    private void attack(int number, Random random) throws IOException {
        try (RawPeer peer = RawPeer.connect(target)) {
            made.incrementAndGet();
            try {
                switch (number % 11) {
                    case 0 -> peer.sendRaw(randomBytes(random, 1 + random.nextInt(300)));
                    case 1 -> {
                        return; // connect and hang up at once
                    }
                    case 2 -> assertTrue(peer.closedByNode(Duration.ofSeconds(5)), "a silent connection times out");
                    case 3 -> peer.sendRaw(header(Handshake.MAX_MESSAGE_BYTES + 1 + random.nextInt(Integer.MAX_VALUE - 65), Frames.HELLO));
                    case 4 -> peer.sendRaw(header(-1 - random.nextInt(Integer.MAX_VALUE), Frames.HELLO));
                    case 5 -> {
                        byte[] hello = hello();
                        peer.sendRaw(header(hello.length, Frames.HELLO));
                        peer.sendRaw(Arrays.copyOf(hello, random.nextInt(hello.length)));
                        return; // truncated, then gone
                    }
                    case 6 -> {
                        byte[] hello = hello();
                        for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                            hello[random.nextInt(14)] ^= (byte) (1 + random.nextInt(255)); // magic, version, purpose, ranks
                        }
                        peer.send(Frames.HELLO, hello);
                        peer.send(Frames.PROOF, randomBytes(random, 32));
                    }
                    case 7 -> {
                        peer.send(Frames.HELLO, hello());
                        peer.send(Frames.PROOF, randomBytes(random, 32)); // a wrong secret's proof
                    }
                    case 8 -> {
                        peer.send(Frames.HELLO, recordedHello); // replay of a genuine handshake
                        peer.send(Frames.PROOF, recordedProof);
                    }
                    case 9 -> {
                        peer.send(Frames.HELLO, hello());
                        peer.send(Frames.DATA, "smuggled".getBytes());
                    }
                    default -> peer.send((byte) random.nextInt(256), randomBytes(random, random.nextInt(65)));
                }
            } catch (IOException e) {
                // the node hung up on us mid-attack: fine
            }
            peer.closedByNode(Duration.ofSeconds(3));
        }
    }

    /** A genuine handshake that the node refuses only because node 1's bulk lane is already up. */
    private void recordGenuineHandshake() throws IOException {
        try (RawPeer peer = RawPeer.connect(target)) {
            Handshake.Dialer dialer = new Handshake(TestMesh.SECRET, job).dialer(Handshake.Purpose.BULK_LANE, 1, 0);
            recordedHello = dialer.hello().encode();
            peer.send(Frames.HELLO, recordedHello);
            Frame challenge = peer.read(Handshake.MAX_MESSAGE_BYTES);
            recordedProof = dialer.answer(challenge.payload());
            peer.send(Frames.PROOF, recordedProof);
            assertTrue(peer.closedByNode(WAIT), "a duplicate lane is refused");
        }
    }

    private byte[] hello() {
        return new Handshake(TestMesh.SECRET, job).dialer(Handshake.Purpose.EXPRESS_LANE, 1, 0).hello().encode();
    }

    private static byte[] header(int length, byte type) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(length);
        out.writeByte(type);
        return bytes.toByteArray();
    }

    private static byte[] randomBytes(Random random, int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    private static int refusals(LogCapture log) {
        return log.matching(m -> m.contains("node 0: closed connection from")).size();
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
