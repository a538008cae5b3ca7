package org.jdsm.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link Comm} contract, run against every implementation (one subclass each) with 4 nodes
 * in this JVM.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class CommContractTest {

    protected static final int NODES = 4;
    protected static final int MAX_FRAME = 16 << 20;
    static final Duration WAIT = Duration.ofSeconds(30);

    TestMesh mesh;

    /** Starts a mesh of {@code NODES} nodes whose frame limit is {@code MAX_FRAME}. */
    protected abstract TestMesh startMesh() throws Exception;

    @BeforeEach
    void start() throws Exception {
        mesh = startMesh();
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (mesh != null) {
            mesh.close();
        }
    }

    @Test
    void allToAllIsFifoPerPair() throws Exception {
        int count = 1500;
        allToAll(count, (comm, from, to) -> {
            for (int seq = 0; seq < count; seq++) {
                comm.asend(to, Messages.make(from, seq, Messages.size(seq, 2048)));
            }
        });
    }

    /**
     * Copying sends ({@link Comm#asend(int, byte[], int, int)}) from one buffer that the sender
     * scribbles over right after each send, mixed with ordinary sends, some larger than a MiB:
     * every message arrives intact and in order.
     */
    @Test
    void copyingSendsFromAReusedBufferArriveIntactAndInOrder() throws Exception {
        int count = 300;
        int offset = 3;
        allToAll(count, (comm, from, to) -> {
            byte[] buffer = new byte[offset + (3 << 20)];
            for (int seq = 0; seq < count; seq++) {
                byte[] message = Messages.make(from, seq, seq % 101 == 0 ? (3 << 20) - seq : Messages.size(seq, 4096));
                if (seq % 3 == 0) {
                    comm.asend(to, message);
                } else {
                    System.arraycopy(message, 0, buffer, offset, message.length);
                    comm.asend(to, buffer, offset, message.length);
                    Arrays.fill(buffer, (byte) seq);
                }
            }
        });
    }

    /**
     * {@link Comm#asend(int, ByteBuffer)} from direct and heap buffers, the message between position
     * and limit of a larger reused buffer that is scribbled over right after each send, mixed with
     * ordinary sends: every message arrives intact and in order, and the buffer's position stays.
     */
    @Test
    void byteBufferSendsArriveIntactAndInOrder() throws Exception {
        int count = 300;
        int offset = 5;
        allToAll(count, (comm, from, to) -> {
            ByteBuffer direct = ByteBuffer.allocateDirect(offset + (3 << 20) + offset);
            ByteBuffer heap = ByteBuffer.allocate(direct.capacity());
            byte[] scribble = new byte[direct.capacity()];
            Arrays.fill(scribble, (byte) 0x5a);
            for (int seq = 0; seq < count; seq++) {
                byte[] message = Messages.make(from, seq, seq % 101 == 0 ? (3 << 20) - seq : Messages.size(seq, 4096));
                ByteBuffer buffer = seq % 3 == 0 ? heap : direct;
                if (seq % 5 == 0) {
                    comm.asend(to, message);
                    continue;
                }
                buffer.clear().position(offset);
                buffer.put(message).flip().position(offset);
                comm.asend(to, buffer);
                assertEquals(offset, buffer.position(), "the position of the buffer sent");
                buffer.put(offset, scribble, 0, message.length);
            }
        });
    }

    /**
     * Messages that write themselves ({@link Comm#asend(int, MessageWriter)}) in uneven steps, some
     * larger than a Comm's send piece, mixed with plain ones: all arrive intact and in order. A
     * writer that writes less than it announced is refused with an exception, and nothing of it
     * arrives.
     */
    @Test
    void writtenMessagesArriveIntactAndInOrder() throws Exception {
        int count = 200;
        allToAll(count, (comm, from, to) -> {
            for (int seq = 0; seq < count; seq++) {
                byte[] message = Messages.make(from, seq, seq % 67 == 0 ? (3 << 20) + seq : Messages.size(seq, 4096));
                if (seq % 4 == 0) {
                    comm.asend(to, message);
                } else {
                    comm.asend(to, new SteppedWriter(message, message.length, seq % 3 == 0 ? 7 : MessageWriter.MAX_STEP));
                }
                if (seq % 50 == 1) { // small and large: a Comm may write large ones into other memory
                    for (int size : new int[] {message.length, 300 << 10}) {
                        SteppedWriter shortWriter = new SteppedWriter(new byte[size], size - 1, 4096);
                        assertThrows(IllegalStateException.class, () -> comm.asend(to, shortWriter));
                    }
                }
            }
        });
    }

    /** Announces all of {@code message} and writes its first {@code writes} bytes, {@code step} at a time. */
    private record SteppedWriter(byte[] message, int writes, int step) implements MessageWriter {
        @Override
        public int length() {
            return message.length;
        }

        @Override
        public void writeTo(Room room) {
            for (int at = 0; at < writes; at += step) {
                int n = Math.min(step, writes - at);
                room.next(n).put(message, at, n);
            }
        }
    }

    /** Sends {@code count} messages from every node to every node. */
    private interface PairSender {
        void send(Comm comm, int from, int to);
    }

    /**
     * Runs {@code sender} on one thread per ordered pair of nodes (itself included), then checks
     * that every node got messages 0..count-1 from every node, intact and in order.
     */
    private void allToAll(int count, PairSender sender) throws InterruptedException {
        List<Thread> senders = new ArrayList<>();
        for (int from = 0; from < NODES; from++) {
            for (int to = 0; to < NODES; to++) {
                Comm comm = mesh.comm(from);
                int src = from;
                int dst = to;
                senders.add(new Thread(() -> sender.send(comm, src, dst)));
            }
        }
        senders.forEach(Thread::start);
        for (Thread t : senders) {
            t.join(WAIT.toMillis());
        }
        for (int to = 0; to < NODES; to++) {
            RecordingDispatcher d = mesh.dispatcher(to);
            for (int from = 0; from < NODES; from++) {
                int src = from;
                d.await(() -> d.bulkFrom(src).size() >= count, WAIT, count + " messages " + from + "->" + to);
                Messages.checkSequence(d.bulkFrom(from), from, count, from + "->" + to);
            }
        }
        assertNoFailures();
    }

    @Test
    void expressIsDeliveredFifoPerPair() throws Exception {
        int count = 200;
        for (int from = 0; from < NODES; from++) {
            for (int seq = 0; seq < count; seq++) {
                for (int to = 0; to < NODES; to++) {
                    mesh.comm(from).expressSend(to, Messages.make(from, seq, 8 + seq % (Comm.EXPRESS_MAX_BYTES - 7)));
                    if (seq % 10 == 0) {
                        mesh.comm(from).asend(to, Messages.make(from, seq / 10, 1000));
                    }
                }
            }
        }
        for (int to = 0; to < NODES; to++) {
            RecordingDispatcher d = mesh.dispatcher(to);
            for (int from = 0; from < NODES; from++) {
                int src = from;
                d.await(() -> d.expressFrom(src).size() >= count && d.bulkFrom(src).size() >= count / 10, WAIT,
                        "express and bulk " + from + "->" + to);
                Messages.checkSequence(d.expressFrom(from), from, count, "express " + from + "->" + to);
                Messages.checkSequence(d.bulkFrom(from), from, count / 10, "bulk " + from + "->" + to);
            }
        }
        assertNoFailures();
    }

    /**
     * Trans runs non-blocking handlers on the delivering thread, so a Comm must never deliver on
     * the thread that sends, nor inside a callback that sends: here each node relays every message
     * it gets to the next node and to itself, from the callback, while test threads send too.
     */
    @Test
    void callbacksRunNeitherOnTheSenderNorInsideAnotherCallback() throws Exception {
        int hops = 40;
        int chains = 25;
        for (int rank = 0; rank < NODES; rank++) {
            Comm comm = mesh.comm(rank);
            int me = rank;
            mesh.dispatcher(rank).onBulk((from, message) -> {
                int hop = ByteBuffer.wrap(message).getInt(4);
                if (from != me && hop < hops) {
                    comm.asend((me + 1) % NODES, Messages.make(me, hop + 1, 64));
                    comm.asend(me, Messages.make(me, hop + 1, 64));
                }
            });
        }
        List<Thread> senders = new ArrayList<>();
        for (int rank = 0; rank < NODES; rank++) {
            Comm comm = mesh.comm(rank);
            int me = rank;
            senders.add(new Thread(() -> {
                for (int c = 0; c < chains; c++) {
                    comm.asend((me + 1) % NODES, Messages.make(me, 0, 64));
                    comm.asend(me, Messages.make(me, hops, 64)); // to itself: not relayed
                }
            }, "contract-sender-" + rank));
        }
        senders.forEach(Thread::start);
        for (Thread t : senders) {
            t.join(WAIT.toMillis());
        }
        for (int rank = 0; rank < NODES; rank++) {
            RecordingDispatcher d = mesh.dispatcher(rank);
            int from = (rank + NODES - 1) % NODES;
            // every chain passes every node: (hops + 1) messages per chain from the left neighbour
            d.await(() -> d.bulkFrom(from).size() == chains * (hops + 1), WAIT, "relayed chains at node " + rank);
        }
        Thread me = Thread.currentThread();
        for (int rank = 0; rank < NODES; rank++) {
            RecordingDispatcher d = mesh.dispatcher(rank);
            assertTrue(!d.sawNestedCallback(), "node " + rank + ": a callback ran inside another one (delivery on the sending thread)");
            for (Thread t : d.callbackThreads()) {
                assertTrue(t != me && !senders.contains(t), "node " + rank + ": callback on sending thread " + t.getName());
            }
        }
        assertNoFailures();
    }

    @Test
    void sendToSelfIsDelivered() throws Exception {
        Comm comm = mesh.comm(2);
        for (int seq = 0; seq < 100; seq++) {
            comm.asend(2, Messages.make(2, seq, 100));
            comm.expressSend(2, Messages.make(2, seq, 20));
        }
        RecordingDispatcher d = mesh.dispatcher(2);
        d.await(() -> d.bulkFrom(2).size() == 100 && d.expressFrom(2).size() == 100, WAIT, "self-sends");
        Messages.checkSequence(d.bulkFrom(2), 2, 100, "self bulk");
        Messages.checkSequence(d.expressFrom(2), 2, 100, "self express");
        assertEquals(200, d.totalReceived(), "nothing but the self-sends");
    }

    @Test
    void largeMessageArrivesIntact() throws Exception {
        byte[] big = new byte[8 << 20];
        new Random(42).nextBytes(big);
        mesh.comm(1).asend(3, big);
        mesh.comm(1).asend(1, big);
        for (int to : new int[] {3, 1}) {
            RecordingDispatcher d = mesh.dispatcher(to);
            d.await(() -> d.bulkFrom(1).size() == 1, WAIT, "8 MiB message 1->" + to);
            assertArrayEquals(big, d.bulkFrom(1).get(0), "8 MiB message 1->" + to);
        }
    }

    @Test
    void emptyMessagesAreDelivered() throws Exception {
        mesh.comm(0).asend(1, new byte[0]);
        mesh.comm(0).expressSend(1, new byte[0]);
        RecordingDispatcher d = mesh.dispatcher(1);
        d.await(() -> d.bulkFrom(0).size() == 1 && d.expressFrom(0).size() == 1, WAIT, "empty messages");
        assertEquals(0, d.bulkFrom(0).get(0).length);
        assertEquals(0, d.expressFrom(0).get(0).length);
    }

    @Test
    void frameLimitsAreEnforcedWithClearErrors() throws Exception {
        CommException bulk = assertThrows(CommException.class, () -> mesh.comm(0).asend(1, new byte[MAX_FRAME + 1]));
        assertTrue(bulk.getMessage().contains("exceeds the frame limit of " + MAX_FRAME), bulk.getMessage());
        IllegalArgumentException express = assertThrows(IllegalArgumentException.class,
                () -> mesh.comm(0).expressSend(1, new byte[Comm.EXPRESS_MAX_BYTES + 1]));
        assertTrue(express.getMessage().contains("exceeds " + Comm.EXPRESS_MAX_BYTES), express.getMessage());

        byte[] atLimit = new byte[MAX_FRAME];
        mesh.comm(0).asend(1, atLimit);
        mesh.comm(0).expressSend(1, new byte[Comm.EXPRESS_MAX_BYTES]);
        RecordingDispatcher d = mesh.dispatcher(1);
        d.await(() -> d.bulkFrom(0).size() == 1 && d.expressFrom(0).size() == 1, WAIT, "messages at the limits");
        assertEquals(MAX_FRAME, d.bulkFrom(0).get(0).length);
        assertEquals(2, d.totalReceived(), "the refused messages were not delivered");
    }

    @Test
    void badNodeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> mesh.comm(0).asend(NODES, new byte[1]));
        assertThrows(IllegalArgumentException.class, () -> mesh.comm(0).expressSend(-1, new byte[1]));
    }

    @Test
    void finIsIdempotent() throws Exception {
        mesh.close();
        mesh.comm(0).fin();
        assertNoFailures();
    }

    void assertNoFailures() {
        for (int rank = 0; rank < NODES; rank++) {
            assertEquals(List.of(), mesh.dispatcher(rank).failureCalls(), "node " + rank + " saw failures");
        }
    }

    /** Sends {@code count} messages 0 -> 1, {@code large} bytes and 100 bytes alternating, so some queue behind others. */
    void sendMixFrom0To1(int count, int large) {
        for (int seq = 0; seq < count; seq++) {
            mesh.comm(0).asend(1, Messages.make(0, seq, seq % 2 == 0 ? large : 100));
        }
    }

    /** Sends that mix 0 -> 1 and checks that node 1's callbacks echoed it back to node 0 intact and in order. */
    void sendMixAndCheckEchoes(int count, int large) throws InterruptedException {
        sendMixFrom0To1(count, large);
        RecordingDispatcher d = mesh.dispatcher(0);
        d.await(() -> d.bulkFrom(1).size() == count, WAIT, count + " echoes 0->1->0");
        Messages.checkSequence(d.bulkFrom(1), 0, count, "0->1->0");
        assertNoFailures();
    }
}
