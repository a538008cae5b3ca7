package org.jdsm.protocol.lrc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A lock-heavy program without barriers must not accumulate protocol metadata (Jupiter/SVM ran out
 * of memory exactly here): 4 nodes do 1,000,000 lock/unlock pairs with writes in between, a share
 * of them on one contended lock so intervals keep being created, and the interval log must stay
 * bounded throughout.
 */
class BoundedMetadataTest {

    static final int PAIRS_PER_NODE = 250_000;
    static final int SHARED_EVERY = 50;

    /** Each node counts in its own slot under its own (cached) lock and in one shared counter under a contended lock. */
    public static class LockHeavy extends Spmd {
        /** The contended counter. */
        public static class Counter {
            public long value;
        }

        long[] slots;
        Counter shared;

        @Override
        public void init() {
            slots = pool.register(new long[nodes()], 1);
            shared = pool.register(new Counter());
        }

        @Override
        public void start() {
            LazyRelease lrc = (LazyRelease) pool;
            int me = myNode();
            int maxLog = 0;
            for (int i = 0; i < PAIRS_PER_NODE; i++) {
                if (i % SHARED_EVERY == 0) {
                    pool.lock(shared);
                    pool.acquire(shared);
                    shared.value++;
                    pool.release(shared);
                    pool.unlock(shared);
                    maxLog = Math.max(maxLog, lrc.logSize());
                } else {
                    pool.lock("node-" + me);
                    pool.acquire(slots, me);
                    slots[me]++;
                    pool.release(slots, me);
                    pool.unlock("node-" + me);
                }
            }
            if (maxLog > 4 * LazyRelease.GC_THRESHOLD) {
                throw new IllegalStateException("interval log grew to " + maxLog + " entries");
            }
            barrier();
            pool.update(shared);
            pool.update(slots);
            long expectedShared = (long) nodes() * ((PAIRS_PER_NODE + SHARED_EVERY - 1) / SHARED_EVERY);
            if (shared.value != expectedShared) {
                throw new IllegalStateException("shared counter " + shared.value + ", expected " + expectedShared);
            }
            for (int n = 0; n < nodes(); n++) {
                if (slots[n] != PAIRS_PER_NODE - (PAIRS_PER_NODE + SHARED_EVERY - 1) / SHARED_EVERY) {
                    throw new IllegalStateException("slot " + n + " = " + slots[n]);
                }
            }
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void millionLockPairsInSmallHeap() throws Exception {
        // A child JVM with a 128 MiB heap: a leak of per-interval metadata would exhaust it.
        Process p = new ProcessBuilder(System.getProperty("java.home") + "/bin/java", "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), Runner.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        boolean done = p.waitFor(200, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        assertEquals(0, done ? p.exitValue() : -1, "child output:\n" + out);
    }

    /** Entry point of the child JVM. */
    public static final class Runner {
        public static void main(String[] args) {
            InJvmJob.of(LockHeavy.class).nodes(4).threadsPerNode(1).protocol("lrc").run();
            System.out.println("done");
        }
    }
}
