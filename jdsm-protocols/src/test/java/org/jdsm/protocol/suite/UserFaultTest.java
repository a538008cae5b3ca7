package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.JobAbortedException;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An exception the job's own code throws stops the whole job, naming the node, the phase and the
 * cause, wherever the other threads wait: for locks that other threads hold, in a condition wait,
 * for the end of another node's {@code init()} or {@code fin()}.
 */
class UserFaultTest {

    private static void assertMentions(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "error message lacks '" + part + "':\n" + message);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aFaultBesideThreadsThatHoldLocksStopsThemAll(String protocol) {
        for (int run = 0; run < 3; run++) {
            FaultBesideHeldLocksJob.stopped.clear();
            assertMentions(Jobs.failure(FaultBesideHeldLocksJob.class, protocol, new Shape(2, 2)),
                    "node 1 failed in start() on thread 3", "IllegalStateException", "thread 3 gives up");
            assertEquals(Set.of(0, 1, 2), FaultBesideHeldLocksJob.stopped, "the threads the abort stopped where they waited");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aFaultInInitStopsTheJob(String protocol) {
        assertMentions(Jobs.failure(InitFailsJob.class, protocol, new Shape(3, 2)),
                "node 1 failed in init()", "IllegalStateException", "node 1 cannot set up");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aFaultInFinStopsTheJob(String protocol) {
        assertMentions(Jobs.failure(FinFailsJob.class, protocol, new Shape(3, 2)),
                "node 1 failed in fin()", "IllegalStateException", "node 1 cannot report");
    }

    /**
     * Thread 0 holds lock L and waits for lock K; thread 1, of the same node, waits for L; thread 2
     * holds K and waits in a condition wait on M for thread 3, which throws instead of signalling.
     * Each waiting thread must be stopped where it waits.
     */
    public static final class FaultBesideHeldLocksJob extends Spmd {
        static final Set<Integer> stopped = ConcurrentHashMap.newKeySet();

        @Override
        public void start() {
            try {
                switch (myThread()) {
                    case 0 -> {
                        pool.lock("L");
                        barrier();
                        pool.lock("K");
                    }
                    case 1 -> {
                        barrier();
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50)); // after thread 0 took L
                        pool.lock("L");
                    }
                    case 2 -> {
                        pool.lock("K");
                        pool.lock("M");
                        barrier();
                        while (true) {
                            pool.await("M"); // for a signal from thread 3, which it never sends
                        }
                    }
                    default -> {
                        barrier();
                        // Give the others time to wait where they wait (the abort must stop them wherever they are).
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
                        throw new IllegalStateException("thread 3 gives up");
                    }
                }
            } catch (JobAbortedException e) {
                stopped.add(myThread());
                throw e;
            }
            throw new IllegalStateException("thread " + myThread() + " went on after thread 3 gave up");
        }
    }

    /** Node 1 throws in init() while the others wait for every node's registrations. */
    public static final class InitFailsJob extends Spmd {
        @Override
        public void init() {
            pool.register(new long[8], 4);
            if (myNode() == 1) {
                throw new IllegalStateException("node 1 cannot set up");
            }
        }

        @Override
        public void start() {
            barrier();
        }
    }

    /** Every thread takes a lock and meets the others; then node 1 throws in fin() while the others wait for the job's end. */
    public static final class FinFailsJob extends Spmd {
        private long[] counter;

        @Override
        public void init() {
            counter = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            pool.lock("count");
            pool.acquire(counter);
            counter[0]++;
            pool.release(counter);
            pool.unlock("count");
            barrier();
        }

        @Override
        public void fin() {
            if (myNode() == 1) {
                throw new IllegalStateException("node 1 cannot report");
            }
        }
    }
}
