package org.jdsm.trans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdsm.comm.ucx.UcxComm;
import org.jdsm.comm.ucx.UcxLibrary;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Trans over UcxComm, whose large messages Trans decodes straight out of UCX's native receive
 * memory (inline handlers) or copies out first (worker handlers): requests carrying arrays from
 * 1 KiB to 2 MiB come back intact as replies, and one-way messages keep their order, over UCX's
 * TCP and shared-memory transports.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransOverUcxTest {

    private static final int ROUNDS = 60;

    /** Answers a request with the array it carried; checks one-way messages {seq, array} come in order. */
    private static final class EchoHandler extends TransNodes.Handler {
        private final List<String> errors = new ArrayList<>();
        private int nextSeq;

        EchoHandler(boolean nonBlocking) {
            super(nonBlocking);
        }

        @Override
        public synchronized void received(int fromNode, Object message) {
            Object[] m = (Object[]) message;
            int seq = (Integer) m[0];
            if (seq != nextSeq || !Arrays.equals((double[]) m[1], payload(seq))) {
                errors.add("one-way message " + seq + " came as number " + nextSeq + " or damaged");
            }
            nextSeq = seq + 1;
        }

        @Override
        public void requested(int fromNode, Object request, Responder responder) {
            responder.reply(request);
        }

        synchronized int received() {
            return nextSeq;
        }
    }

    /** A reproducible array of 1 KiB to 2 MiB, mostly above UcxComm's direct-delivery size. */
    private static double[] payload(int seq) {
        Random r = new Random(seq);
        return r.doubles(128 + r.nextInt(seq % 3 == 0 ? 2_000 : 262_144)).toArray();
    }

    @ParameterizedTest(name = "{0}, nonBlocking={1}")
    @CsvSource({"tcp, true", "tcp, false", "'posix,sysv,cma', true", "'posix,sysv,cma', false"})
    void largeRequestsRoundTripAndOneWayMessagesKeepTheirOrder(String transports, boolean nonBlocking) throws Exception {
        assumeTrue(UcxLibrary.isAvailable(), () -> "skipped: " + UcxLibrary.unavailableReason());
        List<EchoHandler> handlers = List.of(new EchoHandler(nonBlocking), new EchoHandler(nonBlocking));
        List<Trans> nodes = TransNodes.start(handlers, UcxComm::new, Map.of("ucx.config.TLS", transports));
        try {
            List<CompletableFuture<Object>> replies = new ArrayList<>();
            for (int seq = 0; seq < ROUNDS; seq++) {
                nodes.get(0).asend(1, new Object[] {seq, payload(seq)});
                replies.add(nodes.get(0).request(1, payload(seq + ROUNDS)));
            }
            for (int seq = 0; seq < ROUNDS; seq++) {
                assertArrayEquals(payload(seq + ROUNDS), (double[]) replies.get(seq).get(30, TimeUnit.SECONDS),
                        "reply " + seq);
            }
            EchoHandler receiver = handlers.get(1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (receiver.received() < ROUNDS && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(ROUNDS, receiver.received(), "one-way messages handled");
            assertEquals(List.of(), receiver.errors);
        } finally {
            nodes.forEach(Trans::fin);
        }
    }

}
