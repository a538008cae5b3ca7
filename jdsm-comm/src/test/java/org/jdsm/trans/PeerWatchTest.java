package org.jdsm.trans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.Comm;
import org.jdsm.comm.CommConfig;
import org.jdsm.comm.Comms;
import org.jdsm.comm.Dispatcher;
import org.jdsm.comm.MessageWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Trans's peer watch over NettyComm between nodes of this JVM: a node that goes silent while its
 * connections stay open (as a stopped JVM's do) is reported lost by every peer, and its pending
 * requests fail; live nodes that send nothing, and a node that left in order, are never reported.
 */
@Timeout(60)
class PeerWatchTest {

    private static final double TIMEOUT_SECONDS = 1.5;
    private static final Map<String, String> OPTIONS = Map.of(PeerWatch.TIMEOUT_OPTION, Double.toString(TIMEOUT_SECONDS));

    private final List<Trans> nodes = new ArrayList<>();
    private FreezingComm freezing;

    /** Records every loss reported to one node, and answers no request (they stay pending). */
    private static final class LossRecorder extends TransNodes.Handler {
        final BlockingQueue<String> losses = new LinkedBlockingQueue<>();
        final BlockingQueue<byte[]> express = new LinkedBlockingQueue<>();

        LossRecorder() {
            super(true);
        }

        @Override
        public void received(int fromNode, Object message) {
        }

        @Override
        public void requested(int fromNode, Object request, Responder responder) {
        }

        @Override
        public void expressReceived(int fromNode, byte[] message) {
            express.add(message);
        }

        @Override
        public void peerFailed(int node, Throwable cause) {
            losses.add(node + ": " + cause.getMessage());
        }
    }

    @AfterEach
    void leave() {
        nodes.forEach(Trans::fin);
    }

    @Test
    void nodesThatSendNothingButLiveAreNotReported() throws Exception {
        List<LossRecorder> handlers = start(3, -1);
        Thread.sleep((long) (TIMEOUT_SECONDS * 3000));
        for (LossRecorder h : handlers) {
            assertEquals(List.of(), List.copyOf(h.losses));
        }
        for (int n = 0; n < 3; n++) {
            for (int peer = 0; peer < 3; peer++) {
                assertEquals(0, nodes.get(n).traffic().sentMessages(peer), "heartbeats are not traffic");
            }
        }
    }

    @Test
    void aSilentNodeIsReportedLostByEveryPeerAndItsRequestsFail() throws Exception {
        List<LossRecorder> handlers = start(3, 2);
        CompletableFuture<Object> unanswered = nodes.get(0).request(2, "anyone there?");
        freeze(2);
        long frozen = System.nanoTime();
        for (int n = 0; n < 2; n++) {
            String loss = handlers.get(n).losses.poll(10, TimeUnit.SECONDS);
            long afterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozen);
            assertTrue(loss != null && loss.startsWith("2: no message from node 2 for "), "node " + n + ": " + loss);
            assertTrue(loss.contains("its JVM is stopped or hung"), loss);
            assertTrue(afterMillis >= TIMEOUT_SECONDS * 1000 - 50, "reported after " + afterMillis + " ms");
        }
        ExecutionException failed = assertThrows(ExecutionException.class, () -> unanswered.get(5, TimeUnit.SECONDS));
        assertInstanceOf(PeerLostException.class, failed.getCause());
        Thread.sleep((long) (TIMEOUT_SECONDS * 2000));
        assertEquals(List.of(), List.copyOf(handlers.get(0).losses), "node 0 reports node 2 once, and not node 1");
        assertEquals(List.of(), List.copyOf(handlers.get(1).losses), "node 1 reports node 2 once, and not node 0");
    }

    @Test
    void aNodeThatLeftInOrderIsNotReported() throws Exception {
        List<LossRecorder> handlers = start(3, -1);
        nodes.get(2).fin();
        Thread.sleep((long) (TIMEOUT_SECONDS * 3000));
        assertEquals(List.of(), List.copyOf(handlers.get(0).losses));
        assertEquals(List.of(), List.copyOf(handlers.get(1).losses));
    }

    @Test
    void expressMessagesReachTheHandlerAsSent() throws Exception {
        List<LossRecorder> handlers = start(2, -1);
        byte[] full = new byte[Trans.EXPRESS_MAX_BYTES];
        full[0] = 1; // a heartbeat's mark: the handler's message is marked again
        full[full.length - 1] = 7;
        nodes.get(0).expressSend(1, full);
        nodes.get(0).expressSend(1, new byte[0]);
        assertArrayEquals(full, handlers.get(1).express.poll(10, TimeUnit.SECONDS));
        assertArrayEquals(new byte[0], handlers.get(1).express.poll(10, TimeUnit.SECONDS));
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                () -> nodes.get(0).expressSend(1, new byte[Trans.EXPRESS_MAX_BYTES + 1]));
        assertTrue(tooLong.getMessage().contains("exceeds " + Trans.EXPRESS_MAX_BYTES), tooLong.getMessage());
    }

    @Test
    void aBadTimeoutIsNamed() {
        CommConfig config = CommConfig.builder().secret(new byte[16]).options(Map.of(PeerWatch.TIMEOUT_OPTION, "soon"))
                .build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PeerWatch.timeoutSeconds(config));
        assertEquals("jdsm.peer.timeoutSeconds must be a number of seconds from 0 (no watch) to 86400, not 'soon'",
                e.getMessage());
    }

    private List<LossRecorder> start(int count, int freezable) throws Exception {
        List<LossRecorder> handlers = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            handlers.add(new LossRecorder());
        }
        int[] next = {0};
        nodes.addAll(TransNodes.start(handlers, () -> {
            Comm netty = Comms.create("netty");
            if (next[0]++ != freezable) {
                return netty;
            }
            freezing = new FreezingComm(netty);
            return freezing;
        }, OPTIONS));
        return handlers;
    }

    private void freeze(int node) {
        assertEquals(node, freezing.myNode());
        freezing.frozen = true;
    }

    /** A Comm that, once frozen, sends nothing: its connections stay open, as a stopped JVM's do. */
    private static final class FreezingComm implements Comm {
        private final Comm comm;
        volatile boolean frozen;

        FreezingComm(Comm comm) {
            this.comm = comm;
        }

        @Override
        public void init(CommConfig config, Dispatcher dispatcher) {
            comm.init(config, dispatcher);
        }

        @Override
        public void fin() {
            comm.abort(); // a frozen node's goodbye is not waited for
        }

        @Override
        public int myNode() {
            return comm.myNode();
        }

        @Override
        public int nodes() {
            return comm.nodes();
        }

        @Override
        public void asend(int node, byte[] message) {
            if (!frozen) {
                comm.asend(node, message);
            }
        }

        @Override
        public void asend(int node, byte[] buffer, int offset, int length) {
            if (!frozen) {
                comm.asend(node, buffer, offset, length);
            }
        }

        @Override
        public void asend(int node, ByteBuffer message) {
            if (!frozen) {
                comm.asend(node, message);
            }
        }

        @Override
        public void asend(int node, MessageWriter message) {
            if (!frozen) {
                comm.asend(node, message);
            }
        }

        @Override
        public void expressSend(int node, byte[] message) {
            if (!frozen) {
                comm.expressSend(node, message);
            }
        }
    }
}
