package org.jdsm.comm.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The blocking listeners' handshakes on one selector thread: who gets in, who is refused, what it costs. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HandshakeSelectorTest {

    private static final String JOB = "selector-test";
    private static final byte[] SECRET = "the-secret-of-the-selector-test".getBytes(StandardCharsets.UTF_8);
    private static final byte[] WRONG_SECRET = "not-the-secret-of-this-job!!".getBytes(StandardCharsets.UTF_8);
    /** As the real listeners: one per node (two) plus the spare ones. */
    private static final int LIMIT = 2 + HandshakeSlots.SPARE;

    /** Node 0's listener, its loop on a thread of its own; records what its owner is told. */
    private static final class Listener implements HandshakeSelector.Owner, AutoCloseable {
        final HandshakeSelector selector;
        final InetSocketAddress address;
        final BlockingQueue<SocketChannel> authenticated = new LinkedBlockingQueue<>();
        final List<String> refused = Collections.synchronizedList(new ArrayList<>());
        final CompletableFuture<Boolean> run = new CompletableFuture<>();

        Listener(long millis) throws IOException {
            ServerSocketChannel server = ServerSocketChannel.open()
                    .bind(new InetSocketAddress("127.0.0.1", 0), HandshakeSlots.BACKLOG);
            address = (InetSocketAddress) server.getLocalAddress();
            selector = new HandshakeSelector(server, new Handshake(SECRET, JOB), LIMIT, millis, "test-handshake", this);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            Thread loop = new Thread(() -> {
                try {
                    run.complete(selector.run(deadline));
                } catch (Throwable e) {
                    run.completeExceptionally(e);
                }
            }, "test-selector");
            loop.setDaemon(true);
            loop.start();
        }

        @Override
        public void check(Handshake.Hello hello) {
            if (hello.purpose() != Handshake.Purpose.BULK_LANE || hello.dialerRank() != 1 || hello.listenerRank() != 0) {
                throw new HandshakeException("not node 1 dialing node 0's bulk lane");
            }
        }

        @Override
        public void authenticated(SocketChannel channel, Handshake.Hello hello) {
            authenticated.add(channel);
        }

        @Override
        public void refused(String peer, String reason) {
            refused.add(reason);
        }

        SocketChannel awaitAuthenticated() throws InterruptedException {
            SocketChannel channel = authenticated.poll(10, TimeUnit.SECONDS);
            assertNotNull(channel, "no connection authenticated within 10 s; refused: " + refused);
            return channel;
        }

        /** Waits up to 10 s for a refusal matching {@code reason}. */
        void awaitRefused(Predicate<String> reason) throws InterruptedException {
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < giveUp) {
                synchronized (refused) {
                    if (refused.stream().anyMatch(reason)) {
                        return;
                    }
                }
                Thread.sleep(5);
            }
            throw new AssertionError("no such refusal within 10 s: " + refused);
        }

        @Override
        public void close() {
            selector.close();
            authenticated.forEach(this::closeQuietly);
        }

        private void closeQuietly(SocketChannel channel) {
            try {
                channel.close();
            } catch (IOException e) {
                // the test is over
            }
        }
    }

    private static Handshake.Dialer dialer(byte[] secret) {
        return new Handshake(secret, JOB).dialer(Handshake.Purpose.BULK_LANE, 1, 0);
    }

    private static byte[] helloFrame(Handshake.Dialer dialer) {
        return Frames.encode(Frames.HELLO, dialer.hello().encode()).array();
    }

    private static void write(SocketChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    private static DataInputStream in(SocketChannel channel) throws IOException {
        return new DataInputStream(channel.socket().getInputStream());
    }

    /** The rest of node 1's handshake once its hello is sent; {@code more} goes out right after the proof. */
    private static void prove(SocketChannel channel, Handshake.Dialer dialer, byte[] more) throws IOException {
        DataInputStream in = in(channel);
        byte[] proof = Frames.encode(Frames.PROOF, dialer.answer(Frames.expect(in, Frames.CHALLENGE,
                Handshake.MAX_MESSAGE_BYTES))).array();
        byte[] both = new byte[proof.length + more.length];
        System.arraycopy(proof, 0, both, 0, proof.length);
        System.arraycopy(more, 0, both, proof.length, more.length);
        write(channel, both);
        Frames.expect(in, Frames.ACCEPT, 0);
    }

    /** True if the listener closed the connection; false if it is still open after the read time-out. */
    private static boolean ended(InputStream in) throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    @Test
    void anAuthenticatedConnectionIsHandedOverBlockingWithWhatFollowedTheProof() throws Exception {
        try (Listener listener = new Listener(5_000); SocketChannel node1 = SocketChannel.open(listener.address)) {
            Handshake.Dialer dialer = dialer(SECRET);
            write(node1, helloFrame(dialer));
            byte[] data = "sent right behind the proof".getBytes(StandardCharsets.UTF_8);
            prove(node1, dialer, Frames.encode(Frames.DATA, data).array());

            SocketChannel accepted = listener.awaitAuthenticated();
            assertTrue(accepted.isBlocking());
            assertArrayEquals(data, Frames.expect(in(accepted), Frames.DATA, 1024), "the selector read past the proof");
            assertEquals(List.of(), listener.refused);
        }
    }

    @Test
    void aHelloInPiecesWithinTheTimeLimitGetsIn() throws Exception {
        try (Listener listener = new Listener(5_000); SocketChannel node1 = SocketChannel.open(listener.address)) {
            Handshake.Dialer dialer = dialer(SECRET);
            byte[] hello = helloFrame(dialer);
            int[] cuts = {0, 3, 5, 20, hello.length}; // splits the header too
            for (int i = 0; i + 1 < cuts.length; i++) {
                write(node1, Arrays.copyOfRange(hello, cuts[i], cuts[i + 1]));
                Thread.sleep(30);
            }
            prove(node1, dialer, new byte[0]);
            listener.awaitAuthenticated();
        }
    }

    @Test
    void aHelloTrickledByteByByteIsCutOffAtTheTimeLimit() throws Exception {
        try (Listener listener = new Listener(500); SocketChannel node1 = SocketChannel.open(listener.address)) {
            long start = System.nanoTime();
            node1.socket().setSoTimeout(50);
            InputStream in = node1.socket().getInputStream();
            byte[] hello = helloFrame(dialer(SECRET));
            boolean closed = false;
            // A byte every 50 ms or so: the hello would take 2.5 s, five times the limit.
            for (int i = 0; i < hello.length && !closed; i++) {
                try {
                    write(node1, new byte[] {hello[i]});
                    closed = ended(in);
                } catch (IOException e) {
                    closed = true; // reset: the listener hung up just before this byte
                }
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(closed && millis >= 450 && millis < 1_500, "closed " + closed + " after " + millis + " ms");
            listener.awaitRefused(reason -> reason.equals("no complete handshake within 500 ms"));
            assertTrue(listener.authenticated.isEmpty());
        }
    }

    @Test
    void aNodeGetsInPromptlyDuringAFloodOfSilentConnectionsThatCostsNoThread() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<SocketChannel> silent = Collections.synchronizedList(new ArrayList<>());
        try (Listener listener = new Listener(5_000)) {
            int before = threads.getThreadCount();
            threads.resetPeakThreadCount();
            CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> openSilently(listener.address, 400, silent),
                    task -> new Thread(task, "flood").start());
            while (silent.size() < 100 && !flood.isDone()) {
                Thread.sleep(1);
            }
            long start = System.nanoTime();
            try (SocketChannel node1 = SocketChannel.open(listener.address)) {
                Handshake.Dialer dialer = dialer(SECRET);
                write(node1, helloFrame(dialer));
                prove(node1, dialer, new byte[0]);
                listener.awaitAuthenticated();
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            flood.get(20, TimeUnit.SECONDS);
            int peak = threads.getPeakThreadCount();

            // The loop's thread is counted in before; the slots' cut-off thread, the test's flood thread
            // and node 1's hand-off thread are all the flood may add.
            int allowed = before + 3;
            assertTrue(peak <= allowed, "peak of " + peak + " threads (" + before + " before, " + allowed + " allowed)");
            assertEquals(400, silent.size(), "the listener stopped accepting");
            assertTrue(millis < 5_000, "node 1 took " + millis + " ms to get in during the flood");
            listener.awaitRefused(reason -> reason.equals("cut off to make room: " + LIMIT
                    + " connections were already authenticating"));
        } finally {
            for (SocketChannel channel : silent) {
                channel.close();
            }
        }
    }

    /**
     * A node whose thread is kept off the CPU between its connect and its hello: a flood arriving
     * meanwhile must not push it out before it had {@link HandshakeSelector#GRACE_MILLIS} to speak.
     */
    @Test
    void aNodeWhoseHelloComesLateIsNotPushedOutByAFloodArrivingMeanwhile() throws Exception {
        List<SocketChannel> silent = Collections.synchronizedList(new ArrayList<>());
        try (Listener listener = new Listener(5_000); SocketChannel node1 = SocketChannel.open(listener.address)) {
            long connected = System.nanoTime();
            // Behind node 1 in the backlog, so admitted after it: enough to cut it off if it had no grace.
            openSilently(listener.address, LIMIT + 12, silent);
            long hello = connected + TimeUnit.MILLISECONDS.toNanos(50); // half the grace: room for a slow test thread
            Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(hello - System.nanoTime())));
            Handshake.Dialer dialer = dialer(SECRET);
            write(node1, helloFrame(dialer));
            prove(node1, dialer, new byte[0]);
            listener.awaitAuthenticated();
            listener.awaitRefused(reason -> reason.startsWith("cut off to make room"));
        } finally {
            for (SocketChannel channel : silent) {
                channel.close();
            }
        }
    }

    private static void openSilently(InetSocketAddress address, int count, List<SocketChannel> into) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try {
            for (int i = 0; i < count && System.nanoTime() < giveUp; i++) {
                into.add(SocketChannel.open(address));
            }
        } catch (IOException e) {
            throw new AssertionError("the flood could not connect", e);
        }
    }

    /** A peer that knows the format but not the secret may send plausible hellos: they cost no thread either. */
    @Test
    void aFloodOfHellosWithoutProofCostsNoThread() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<SocketChannel> helloing = new ArrayList<>();
        try (Listener listener = new Listener(5_000)) {
            int before = threads.getThreadCount();
            threads.resetPeakThreadCount();
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (int i = 0; i < 150 && System.nanoTime() < giveUp; i++) {
                SocketChannel channel = SocketChannel.open(listener.address);
                helloing.add(channel);
                write(channel, helloFrame(dialer(WRONG_SECRET)));
            }
            listener.awaitRefused(reason -> reason.startsWith("cut off to make room"));
            int peak = threads.getPeakThreadCount();

            assertTrue(peak <= before + 1, "peak of " + peak + " threads (" + before + " before; only the cut-off"
                    + " thread allowed)");
            assertEquals(150, helloing.size(), "the flood took more than 10 s");
            assertTrue(listener.authenticated.isEmpty());
        } finally {
            for (SocketChannel channel : helloing) {
                channel.close();
            }
        }
    }

    @Test
    void badInputIsRefusedWithItsReason() throws Exception {
        byte[] badMagic = Frames.encode(Frames.HELLO, new byte[dialer(SECRET).hello().encode().length]).array();
        byte[] wrongListener = Frames.encode(Frames.HELLO,
                new Handshake(SECRET, JOB).dialer(Handshake.Purpose.BULK_LANE, 1, 5).hello().encode()).array();
        try (Listener listener = new Listener(5_000)) {
            refuses(listener, ByteBuffer.allocate(5).putInt(Integer.MAX_VALUE).put(Frames.HELLO).array(),
                    "frame of 2147483647 bytes exceeds the limit of " + Handshake.MAX_MESSAGE_BYTES);
            refuses(listener, ByteBuffer.allocate(5).putInt(-1).put(Frames.HELLO).array(),
                    "malformed frame: negative length -1");
            refuses(listener, ByteBuffer.allocate(5).putInt(32).put(Frames.PROOF).array(),
                    "expected a HELLO frame, got PROOF");
            refuses(listener, badMagic, "malformed hello: bad magic 0x0");
            refuses(listener, wrongListener, "not node 1 dialing node 0's bulk lane");

            // Knows the format but not the secret: it cannot answer the challenge, so it sends a made-up proof.
            try (SocketChannel intruder = SocketChannel.open(listener.address)) {
                write(intruder, helloFrame(dialer(WRONG_SECRET)));
                Frames.expect(in(intruder), Frames.CHALLENGE, Handshake.MAX_MESSAGE_BYTES);
                write(intruder, Frames.encode(Frames.PROOF, new byte[32]).array());
                assertEquals(-1, intruder.socket().getInputStream().read(), "no ACCEPT for a wrong proof");
            }
            listener.awaitRefused(reason -> reason.startsWith("authentication failed: bad proof"));

            // And a real dialer with the wrong secret finds out and hangs up.
            try (SocketChannel impostor = SocketChannel.open(listener.address)) {
                HandshakeException e = assertThrows(HandshakeException.class,
                        () -> BlockingHandshake.dial(dialer(WRONG_SECRET), in(impostor),
                                new DataOutputStream(impostor.socket().getOutputStream())));
                assertTrue(e.getMessage().contains("failed to prove the job secret"), e.getMessage());
            }
            listener.awaitRefused(reason -> reason.equals("closed by the remote side mid-protocol"));
            assertTrue(listener.authenticated.isEmpty());
        }
    }

    private static void refuses(Listener listener, byte[] sent, String reason) throws Exception {
        try (SocketChannel channel = SocketChannel.open(listener.address)) {
            channel.socket().setSoTimeout(5_000);
            write(channel, sent);
            assertEquals(-1, channel.socket().getInputStream().read(), "closed at once: " + reason);
        }
        listener.awaitRefused(reason::equals);
    }

    @Test
    void closeEndsTheLoopAndCutsOffWhoIsStillAuthenticating() throws Exception {
        try (Listener listener = new Listener(5_000);
                SocketChannel silent = SocketChannel.open(listener.address);
                SocketChannel node1 = SocketChannel.open(listener.address)) {
            Handshake.Dialer dialer = dialer(SECRET);
            write(node1, helloFrame(dialer));
            prove(node1, dialer, new byte[0]);
            listener.awaitAuthenticated(); // so the silent connection, accepted first, holds a slot now

            listener.selector.close();
            assertTrue(listener.run.get(10, TimeUnit.SECONDS));
            silent.socket().setSoTimeout(5_000);
            assertEquals(-1, silent.socket().getInputStream().read());
            listener.awaitRefused(reason -> reason.equals("the listener closed"));
            assertThrows(ConnectException.class, () -> SocketChannel.open(listener.address).close());
        }
    }

    @Test
    void runReturnsFalseAtTheDeadlineAndClosesTheServer() throws Exception {
        ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        InetSocketAddress address = (InetSocketAddress) server.getLocalAddress();
        List<String> refused = Collections.synchronizedList(new ArrayList<>());
        try (SocketChannel silent = SocketChannel.open(address);
                HandshakeSelector selector = new HandshakeSelector(server, new Handshake(SECRET, JOB), LIMIT, 5_000,
                        "test-handshake", new HandshakeSelector.Owner() {
                            @Override
                            public void check(Handshake.Hello hello) {
                            }

                            @Override
                            public void authenticated(SocketChannel channel, Handshake.Hello hello) {
                                throw new AssertionError("nobody authenticates here");
                            }

                            @Override
                            public void refused(String peer, String reason) {
                                refused.add(reason);
                            }
                        })) {
            long start = System.nanoTime();
            assertFalse(selector.run(start + TimeUnit.MILLISECONDS.toNanos(300)));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis >= 290 && millis < 3_000, "returned after " + millis + " ms");
            assertFalse(server.isOpen());
            assertEquals(List.of("the listener closed"), refused); // the silent connection, on the way out
        }
    }
}
