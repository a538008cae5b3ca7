package org.jdsm.runtime;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What one node's DSM did, counted cheaply from many threads and printed at the end of a job. */
public final class DsmStats {

    /**
     * The counted quantities. {@code FETCH_WAIT_NANOS}: time user threads waited for blocks to arrive
     * (fetches, another thread's fetch, at a home the diffs still missing); {@code DIFF_NANOS}: time
     * computing diffs at releases and barriers plus applying them at homes (message handlers);
     * {@code CONDITION_WAIT_NANOS}: time user threads slept in condition waits ({@code await}) until
     * woken or timed out, without taking the lock again (that is lock wait); {@code BLOCK_WAIT_YIELDS}:
     * waits for a block that did not come soon, so the waiting thread gave up its instrumented
     * writes of later blocks and took them back afterwards (see {@code SharedObjectPool.awaitBlock}).
     */
    public enum Counter {
        FETCHES, FETCH_WAIT_NANOS, DIFFS_SENT, DIFF_ELEMENTS, DIFFS_APPLIED, DIFF_NANOS, INVALIDATIONS,
        LOCK_ACQUIRES, LOCK_REMOTE_ACQUIRES, LOCK_WAIT_NANOS, BARRIERS, BARRIER_WAIT_NANOS,
        CONDITION_WAITS, CONDITION_WAIT_NANOS, INTERVALS, NOTICES_RECEIVED, BLOCK_WAIT_YIELDS
    }

    private final Map<Counter, LongAdder> counters = new EnumMap<>(Counter.class);

    public DsmStats() {
        for (Counter c : Counter.values()) {
            counters.put(c, new LongAdder());
        }
    }

    public void add(Counter c, long amount) {
        counters.get(c).add(amount);
    }

    public void increment(Counter c) {
        counters.get(c).increment();
    }

    public long get(Counter c) {
        return counters.get(c).sum();
    }

    /** A snapshot of every counter, in declaration order. */
    public Map<Counter, Long> snapshot() {
        Map<Counter, Long> out = new EnumMap<>(Counter.class);
        counters.forEach((c, v) -> out.put(c, v.sum()));
        return out;
    }
}
