package org.jdsm.protocol.lrc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jdsm.Spmd;
import org.jdsm.protocol.suite.Poison;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A publication whose diff cannot be made part way (a value that fails to copy) leaves the blocks
 * diffed before it spent: a later publication on the node must name the first cause, not fail on
 * them (it threw a NullPointerException, which the job then reported instead of the cause).
 */
class FailedPublicationTest {

    /**
     * Node 1 holds lock L while node 0 queues for it; node 1 writes a counter, then the refusing
     * value (both homed on node 0), and unlocks: handing L over publishes both, on node 1's thread,
     * and fails at the second. Node 1 catches that, disarms the value and goes on to a barrier,
     * which publishes again.
     */
    public static final class PublishesAfterAFailedPublication extends Spmd {
        private long[] counter;
        private Object[] cells;

        @Override
        public void init() {
            Poison.everywhere = false;
            counter = pool.register(new long[1], 1);
            cells = pool.register(new Object[] {new Poison()}, 1);
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.lock("L");
            }
            barrier();
            long fromNode0 = ((LazyRelease) pool).transport().traffic().receivedMessages(0);
            if (myNode() == 0) {
                pool.lock("L"); // queued behind node 1 until node 1's unlock hands it over
                pool.unlock("L");
            } else {
                pool.acquire(counter);
                counter[0] = 7;
                pool.release(counter);
                pool.acquire(cells, 0);
                ((Poison) cells[0]).value = 13;
                pool.release(cells, 0);
                awaitRequestFromNode0(fromNode0); // so that unlock hands L over here, not a later message handler
                Poison.everywhere = true; // its copy for the diff fails on this thread too
                try {
                    pool.unlock("L");
                } catch (RuntimeException e) {
                    Poison.everywhere = false;
                    if (!String.valueOf(e.getMessage()).contains("refuses to be decoded")) {
                        throw e;
                    }
                }
            }
            barrier();
        }

        /**
         * Node 0's one message after the barrier is its request for L (or the manager's forward of
         * it). It may have come before {@code before} was read: then the wait runs out, harmlessly.
         */
        private void awaitRequestFromNode0(long before) {
            long deadline = System.nanoTime() + 2_000_000_000L;
            try {
                while (((LazyRelease) pool).transport().traffic().receivedMessages(0) == before && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                Thread.sleep(100); // a message counts before it is handled
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    @Timeout(60)
    void aPublicationAfterOneThatFailedNamesTheCause() {
        RuntimeException failed = assertThrows(RuntimeException.class,
                () -> InJvmJob.of(PublishesAfterAFailedPublication.class).comm("local").nodes(2).threadsPerNode(1)
                        .protocol("lrc").run());
        String message = String.valueOf(failed.getMessage());
        assertTrue(message.contains("node 1 failed"), message);
        // The barrier after it fails in the pool before it publishes: the release that failed part way stops the node.
        assertTrue(message.contains("an earlier release failed part way (unlock(\"L\")") && message.contains("refuses to be decoded"),
                message);
        assertFalse(message.contains("NullPointerException"), message);
    }
}
