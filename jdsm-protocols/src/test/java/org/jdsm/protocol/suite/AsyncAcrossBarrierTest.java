package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An {@code acquireAsync} started before a barrier and touched after it, for a block that another
 * node holds across the barrier and releases right after it: the acquire completes (on a helper
 * thread) while its node may still be inside the barrier, so the lock grant and the write notices
 * it carries land in the middle of the barrier's own exchange of notices. What the grant carried
 * must then reach a third node through a lock the acquirer hands on, while that node holds a
 * cached copy of a block the first holder wrote in the same interval. Also: futures of
 * {@code updateAsync} on a single shared object that nobody ever touches, and a single object
 * incremented under a lock through {@code acquireAsync(obj)} by every thread.
 */
class AsyncAcrossBarrierTest {

    static Stream<Arguments> runs() {
        return Stream.concat(
                Jobs.everyProtocol(List.of(new Shape(3, 1), new Shape(4, 1), new Shape(8, 1), new Shape(3, 2)), List.of("chaos")),
                Jobs.everyProtocol(List.of(new Shape(4, 1), new Shape(2, 4)), List.of("local")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void acquireAsyncCompletingInsideABarrierPassesItsNoticesOn(String protocol, Shape shape, String comm) {
        // LRC used to fail here: a barrier dropped from its log the intervals such a grant had brought in.
        runJob(protocol, shape, comm);
    }

    private static void runJob(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", comm.equals("chaos") ? 12 : 30));
        Jobs.runOver(comm, AsyncAcrossBarrier.class, protocol, shape, args);
    }

    /**
     * Roles (on different nodes when there are three): holder h = the first thread of node
     * {@code 1 % nodes}, waiter w = the last thread of node {@code 2 % nodes}, reader r = thread 0.
     * Phase p: h acquires block {@code carry} and keeps it; r reads {@code note} (written in phase
     * p - 1); barrier A; w starts {@code acquireAsync(carry)}; barrier B; h writes {@code note = p}
     * under acquire/release and {@code carry = p}, then releases {@code carry}; w touches its future,
     * checks {@code carry}, releases it and writes {@code relay = p} under lock "relay"; r polls
     * {@code relay} under that lock and, once it shows p, reads {@code note}, which must be p.
     * Meanwhile every thread increments {@code counter} under its lock via {@code acquireAsync(obj)}
     * and starts an {@code updateAsync(counter)} it never touches. Barrier C; all check everything.
     */
    public static final class AsyncAcrossBarrier extends Spmd {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(30);

        /** A single shared object. */
        public static final class Counter {
            long value;
            int lastWriter = -1;
        }

        long[] carry;
        long[] note;
        long[] relay;
        Counter counter;

        @Override
        public void init() {
            carry = pool.register(new long[4], 4); // homed on node 0
            note = pool.register(new long[2 * nodes()], 2); // block n homed on node n: note lives in block nodes - 1
            relay = pool.register(new long[1], 1);
            counter = pool.register(new Counter());
        }

        private int noteIndex() {
            return note.length - 1;
        }

        @Override
        public void start() {
            int phases = JobArgs.of(this).integer("phases", 10);
            int holder = (1 % nodes()) * threadsPerNode();
            int waiter = (2 % nodes()) * threadsPerNode() + threadsPerNode() - 1;
            int reader = 0;
            int me = myThread();
            for (int p = 1; p <= phases; p++) {
                int phase = p;
                long deadline = System.nanoTime() + PATIENCE_NANOS;
                if (me == holder) {
                    pool.acquire(carry, 0);
                }
                if (me == reader) {
                    pool.update(note, noteIndex());
                    Check.equal(p - 1, note[noteIndex()], () -> "phase " + phase + ": note before barrier A");
                }
                barrier();
                DsmFuture waited = me == waiter && me != holder ? pool.acquireAsync(carry, 0) : null;
                pool.updateAsync(counter); // never touched
                barrier();
                if (me == holder) {
                    pool.acquire(note, noteIndex());
                    note[noteIndex()] = p;
                    pool.release(note, noteIndex());
                    carry[0] = p;
                    pool.release(carry, 0);
                }
                if (me == waiter) {
                    if (waited != null) {
                        Check.that(waited.touch() == carry, () -> "acquireAsync(...).touch() did not return the array");
                    } else {
                        pool.acquire(carry, 0);
                    }
                    Check.equal(p, carry[0], () -> "phase " + phase + ": carry once the waiter holds it");
                    carry[1] = p;
                    pool.release(carry, 0);
                    pool.lock("relay");
                    pool.acquire(relay, 0);
                    relay[0] = p;
                    pool.release(relay, 0);
                    pool.unlock("relay");
                }
                pool.lock(counter);
                Check.that(pool.acquireAsync(counter).touch() == counter, () -> "acquireAsync(obj).touch() did not return it");
                long before = counter.value;
                Check.that(counter.lastWriter < threads(), () -> "counter names writer " + counter.lastWriter);
                counter.value = before + 1;
                counter.lastWriter = me;
                pool.release(counter);
                pool.unlock(counter);
                if (me == reader && reader != waiter) {
                    while (true) {
                        pool.lock("relay");
                        try {
                            pool.update(relay, 0);
                            if (relay[0] == p) {
                                pool.update(note, noteIndex());
                                Check.equal(p, note[noteIndex()], () -> "phase " + phase + ": note under lock relay, after"
                                        + " relay showed the phase (holder wrote note, released carry to the waiter,"
                                        + " waiter wrote relay under the lock)");
                                break;
                            }
                            Check.that(relay[0] == p - 1, () -> "phase " + phase + ": relay shows " + relay[0]);
                        } finally {
                            pool.unlock("relay");
                        }
                        Check.that(System.nanoTime() < deadline, () -> "phase " + phase + ": relay never showed the phase");
                        LockSupport.parkNanos(100_000);
                    }
                }
                barrier();
                pool.update(note, noteIndex());
                Check.equal(p, note[noteIndex()], () -> "phase " + phase + ": note after barrier C");
                pool.update(carry, 0);
                Check.equal(p, carry[0], () -> "phase " + phase + ": carry[0] after barrier C");
                Check.equal(p, carry[1], () -> "phase " + phase + ": carry[1] after barrier C");
                pool.update(counter);
                Check.equal((long) p * threads(), counter.value, () -> "phase " + phase + ": counter after barrier C");
                barrier();
            }
        }
    }
}
