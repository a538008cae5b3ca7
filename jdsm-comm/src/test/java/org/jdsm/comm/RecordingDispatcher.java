package org.jdsm.comm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/** A Dispatcher for tests: records everything per source node and lets tests wait for it. */
public final class RecordingDispatcher implements Dispatcher {

    private final Map<Integer, List<byte[]>> bulk = new ConcurrentHashMap<>();
    private final Map<Integer, List<byte[]>> express = new ConcurrentHashMap<>();
    private final Map<Integer, Throwable> failures = new ConcurrentHashMap<>();
    private final List<String> calls = new ArrayList<>();

    @Override
    public void received(int fromNode, byte[] message) {
        record(bulk, fromNode, message);
    }

    @Override
    public void expressReceived(int fromNode, byte[] message) {
        record(express, fromNode, message);
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
