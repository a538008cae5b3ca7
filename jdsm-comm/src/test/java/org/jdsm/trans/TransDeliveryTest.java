package org.jdsm.trans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jdsm.comm.local.LocalComm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where and in which order Trans runs handlers: on the Comm's I/O thread for a non-blocking handler,
 * on the worker pool otherwise, FIFO per source in both, under many sending threads on many nodes
 * with random pauses, with requests answered from handlers in between.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransDeliveryTest {

    private static final int NODES = 4;
    private static final int SENDERS = 3;
    private static final int MESSAGES = 1500;

    /** Checks FIFO per (source node, sending thread) and records the threads that ran it. */
    private static final class CheckingHandler extends TransNodes.Handler {
        private final Map<Long, Integer> lastSeq = new ConcurrentHashMap<>();
        private final Set<String> threads = ConcurrentHashMap.newKeySet();
        private final List<String> errors = new ArrayList<>();
        private final AtomicInteger handled = new AtomicInteger();
        private final AtomicReference<String> failedOn = new AtomicReference<>();

        CheckingHandler(boolean nonBlocking) {
            super(nonBlocking);
        }

        @Override
        public void received(int fromNode, Object message) {
            threads.add(Thread.currentThread().getName());
            int[] m = (int[]) message; // {sender thread, seq}
            if (m[1] < 0) {
                throw new IllegalStateException("poisoned message");
            }
            long source = (long) fromNode << 32 | m[0];
            Integer last = lastSeq.put(source, m[1]);
            int expected = last == null ? 0 : last + 1;
            if (m[1] != expected) {
                synchronized (errors) {
                    errors.add("from node " + fromNode + " thread " + m[0] + ": seq " + m[1] + " after " + last);
                }
            }
            handled.incrementAndGet();
        }

        @Override
        public void requested(int fromNode, Object request, Responder responder) {
            threads.add(Thread.currentThread().getName());
            long[] r = (long[]) request;
            responder.reply(new long[] {-r[0], fromNode});
        }

        @Override
        public void failed(int fromNode, Throwable error) {
            failedOn.set(Thread.currentThread().getName());
        }
    }

    private static List<Trans> start(List<CheckingHandler> handlers) throws Exception {
        return TransNodes.start(handlers, LocalComm::new, Map.of());
    }

    @ParameterizedTest(name = "nonBlocking={0}")
    @ValueSource(booleans = {true, false})
    void handlersRunFifoPerSourceOnTheRightThreads(boolean nonBlocking) throws Exception {
        List<CheckingHandler> handlers = new ArrayList<>();
        for (int n = 0; n < NODES; n++) {
            handlers.add(new CheckingHandler(nonBlocking));
        }
        List<Trans> nodes = start(handlers);
        try {
            ExecutorService senders = Executors.newFixedThreadPool(NODES * SENDERS);
            List<Future<?>> done = new ArrayList<>();
            for (int n = 0; n < NODES; n++) {
                for (int s = 0; s < SENDERS; s++) {
                    Trans me = nodes.get(n);
                    int thread = s;
                    done.add(senders.submit(() -> {
                        sendAll(me, thread);
                        return null;
                    }));
                }
            }
            for (Future<?> f : done) {
                f.get(90, TimeUnit.SECONDS);
            }
            senders.shutdown();
            int expected = NODES * SENDERS * MESSAGES; // every node sends to every node, itself included
            for (int n = 0; n < NODES; n++) {
                CheckingHandler h = handlers.get(n);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (h.handled.get() < expected && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertEquals(expected, h.handled.get(), "messages handled at node " + n);
                assertEquals(List.of(), h.errors, "FIFO per source at node " + n);
                // LocalComm's delivery threads are jdsm-local-*, Trans's workers jdsm-trans-*
                String expectedThread = nonBlocking ? "jdsm-local-" : "jdsm-trans-";
                for (String thread : h.threads) {
                    assertTrue(thread.startsWith(expectedThread), "node " + n + " ran a handler on " + thread);
                }
            }
        } finally {
            nodes.forEach(Trans::fin);
        }
    }

    /** One sending thread: one-way messages to every node in order, a request now and then, random pauses. */
    private static void sendAll(Trans me, int thread) throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        List<CompletableFuture<Object>> replies = new ArrayList<>();
        List<long[]> asked = new ArrayList<>();
        for (int seq = 0; seq < MESSAGES; seq++) {
            for (int to = 0; to < NODES; to++) {
                me.asend(to, new int[] {thread, seq});
            }
            if (random.nextInt(50) == 0) {
                int to = random.nextInt(NODES);
                long[] question = {random.nextLong(1, Long.MAX_VALUE), to};
                asked.add(question);
                replies.add(me.request(to, new long[] {question[0]}));
            }
            if (random.nextInt(200) == 0) {
                Thread.sleep(random.nextInt(3));
            }
        }
        for (int i = 0; i < replies.size(); i++) {
            long[] answer = (long[]) replies.get(i).get(30, TimeUnit.SECONDS);
            assertArrayEquals(new long[] {-asked.get(i)[0], me.myNode()}, answer, "reply to request " + i);
        }
    }

    @Test
    void aFailingInlineHandlerIsReportedOnAWorkerAndDeliveryGoesOn() throws Exception {
        List<CheckingHandler> handlers = List.of(new CheckingHandler(true), new CheckingHandler(true));
        List<Trans> nodes = start(handlers);
        try {
            nodes.get(0).asend(1, new int[] {0, -1}); // the handler throws on it
            for (int seq = 0; seq < 10; seq++) {
                nodes.get(0).asend(1, new int[] {0, seq});
            }
            CheckingHandler h = handlers.get(1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while ((h.handled.get() < 10 || h.failedOn.get() == null) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(10, h.handled.get(), "messages after the failing one");
            assertTrue(h.failedOn.get() != null && h.failedOn.get().startsWith("jdsm-trans-"),
                    "failed() ran on " + h.failedOn.get() + ", not on a worker");
        } finally {
            nodes.forEach(Trans::fin);
        }
    }
}
