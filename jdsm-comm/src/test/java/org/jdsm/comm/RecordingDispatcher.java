package org.jdsm.comm;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * A Dispatcher for tests: records everything per source node and lets tests wait for it. It also
 * records which threads ran its callbacks and whether a callback ever ran inside another one on
 * the same thread, and can react to bulk messages (e.g. send from the callback).
 */
public class RecordingDispatcher implements Dispatcher {

    private final Set<Thread> callbackThreads = ConcurrentHashMap.newKeySet();
    private final ThreadLocal<boolean[]> inCallback = ThreadLocal.withInitial(() -> new boolean[1]);
    private volatile boolean nested;
    private volatile BiConsumer<Integer, byte[]> onBulk = (from, message) -> { };

    private final Map<Integer, List<byte[]>> bulk = new ConcurrentHashMap<>();
    private final Map<Integer, List<byte[]>> express = new ConcurrentHashMap<>();
    private final Map<Integer, Throwable> failures = new ConcurrentHashMap<>();
    private final List<String> calls = new ArrayList<>();

    /** A recorder that also takes bulk messages in lent native memory (as Trans does), copying each before it returns. */
    public static RecordingDispatcher direct() {
        return new Direct();
    }

    /** Takes bulk messages in lent native memory too, and counts those; can react to each with the lent buffer itself. */
    public static final class Direct extends Lending implements DirectDispatcher {
        private int direct;
        private volatile BiConsumer<Integer, ByteBuffer> onDirect = (from, message) -> { };

        @Override
        public void received(int fromNode, ByteBuffer message) {
            synchronized (this) {
                direct++;
            }
            received(fromNode, ByteBuffers.remainingCopy(message));
            onDirect.accept(fromNode, message);
        }

        /** Runs {@code reaction} after recording each message lent in native memory. */
        public void onDirect(BiConsumer<Integer, ByteBuffer> reaction) {
            onDirect = reaction;
        }

        /** Bulk messages that came in lent native memory. */
        public synchronized int directMessages() {
            return direct;
        }
    }

    /** A recorder that takes bulk messages in lent buffers (as Trans does), copying each before it returns. */
    public static RecordingDispatcher lending() {
        return new Lending();
    }

    /**
     * Takes bulk messages in lent buffers and counts them, and the distinct buffers they came in;
     * can react to each with the lent buffer itself.
     */
    public static class Lending extends RecordingDispatcher implements BufferDispatcher {
        private final Set<byte[]> buffers = Collections.newSetFromMap(new IdentityHashMap<>());
        private int lent;
        private volatile LentReaction onLent = (from, buffer, length) -> { };

        /** What to do with a lent buffer, on the delivering thread, before the callback returns. */
        public interface LentReaction {
            void accept(int from, byte[] buffer, int length);
        }

        @Override
        public void received(int fromNode, byte[] buffer, int length) {
            synchronized (this) {
                buffers.add(buffer);
                lent++;
            }
            received(fromNode, Arrays.copyOf(buffer, length));
            onLent.accept(fromNode, buffer, length);
        }

        /** Runs {@code reaction} after recording each lent message. */
        public void onLent(LentReaction reaction) {
            onLent = reaction;
        }

        /** Bulk messages that came in a lent buffer. */
        public synchronized int lentMessages() {
            return lent;
        }

        /** How many different arrays were lent. */
        public synchronized int lentBuffers() {
            return buffers.size();
        }
    }

    @Override
    public void received(int fromNode, byte[] message) {
        boolean[] inside = enter();
        try {
            record(bulk, fromNode, message);
            onBulk.accept(fromNode, message);
        } finally {
            inside[0] = false;
        }
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        boolean[] inside = enter();
        try {
            record(express, fromNode, message);
        } finally {
            inside[0] = false;
        }
    }

    private boolean[] enter() {
        callbackThreads.add(Thread.currentThread());
        boolean[] inside = inCallback.get();
        if (inside[0]) {
            nested = true;
        }
        inside[0] = true;
        return inside;
    }

    /** Runs {@code reaction} after recording each bulk message, on the delivering thread. */
    public void onBulk(BiConsumer<Integer, byte[]> reaction) {
        onBulk = reaction;
    }

    /** Threads that have run a callback of this dispatcher. */
    public Set<Thread> callbackThreads() {
        return Set.copyOf(callbackThreads);
    }

    /** True if a callback ever started while the same thread was inside another one. */
    public boolean sawNestedCallback() {
        return nested;
    }

    @Override
    public synchronized void peerFailed(int node, Throwable cause) {
        calls.add("peerFailed(" + node + ")");
        failures.put(node, cause);
        notifyAll();
    }

    private synchronized void record(Map<Integer, List<byte[]>> lane, int from, byte[] message) {
        lane.computeIfAbsent(from, k -> new ArrayList<>()).add(message);
        notifyAll();
    }

    public synchronized List<byte[]> bulkFrom(int node) {
        return new ArrayList<>(bulk.getOrDefault(node, List.of()));
    }

    public synchronized List<byte[]> expressFrom(int node) {
        return new ArrayList<>(express.getOrDefault(node, List.of()));
    }

    /** Total bulk plus express messages received from anyone. */
    public synchronized int totalReceived() {
        return bulk.values().stream().mapToInt(List::size).sum() + express.values().stream().mapToInt(List::size).sum();
    }

    public synchronized Map<Integer, Throwable> failures() {
        return Map.copyOf(failures);
    }

    /** Every peerFailed call, in order (to check "at most once per peer"). */
    public synchronized List<String> failureCalls() {
        return new ArrayList<>(calls);
    }

    /** Waits until {@code condition} holds; fails after {@code timeout} with {@code what}. */
    public synchronized void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (!condition.getAsBoolean()) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what);
            }
            wait(Math.min(left, 50));
        }
    }
}
