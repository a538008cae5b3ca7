package org.jdsm.protocol.lrc;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.jdsm.Spmd;
import org.jdsm.protocol.suite.Check;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A lock acquire must make a block current even while another thread of the same node has
 * unpublished instrumented writes to a different element of it (DESIGN §3: "a thread's
 * synchronization must never destroy another local thread's unpublished writes (flush or merge
 * before invalidating)" — and must not skip the invalidation either). LRC only: under SC the
 * writer's {@code writeCheck} holds the block exclusively until its next synchronization, and the
 * out-of-band wait below would deadlock.
 */
class SiblingWriterStaleReadTest {

    @ParameterizedTest(name = "over {0}")
    @ValueSource(strings = {"local", "chaos"})
    @Timeout(60)
    void readUnderALockSeesTheLastHoldersWriteWhileASiblingWrites(String comm) {
        InJvmJob.of(StaleUnderSiblingWriter.class).protocol("lrc").comm(comm).nodes(2).threadsPerNode(2)
                .args(List.of("10")).run();
    }

    /**
     * One block {@code cells} (8 elements) and a one-element {@code box}, both homed on node 0.
     * Round r: thread 0 (node 0) writes {@code cells[4] = r} and {@code box[0] = r} under lock "L".
     * On node 1, thread 2 starts an instrumented write of {@code cells[0]} and, before its next
     * synchronization, waits (node-locally) until thread 3 has read: thread 3 polls {@code box}
     * under "L" and once it shows r reads {@code cells[4]}, which must be r. A barrier ends the
     * round and everybody checks both elements. Args: rounds.
     */
    public static final class StaleUnderSiblingWriter extends Spmd {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(20);

        long[] cells;
        long[] box;
        /** Node-local hand-off between the two threads of node 1: the round thread 2 is writing in, and thread 3 has read in. */
        final AtomicInteger writing = new AtomicInteger();
        final AtomicInteger read = new AtomicInteger();

        @Override
        public void init() {
            cells = pool.register(new long[8], 8);
            box = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            int rounds = Integer.parseInt(args().get(0));
            for (int r = 1; r <= rounds; r++) {
                int round = r;
                long deadline = System.nanoTime() + PATIENCE_NANOS;
                if (myThread() == 0) {
                    pool.lock("L");
                    pool.writeCheck(cells, 4);
                    cells[4] = r;
                    pool.writeCheck(box, 0);
                    box[0] = r;
                    pool.unlock("L");
                } else if (myThread() == 2) {
                    pool.writeCheck(cells, 0);
                    cells[0] = r; // unpublished until this thread's next synchronization (the barrier)
                    writing.set(r);
                    while (read.get() < r) {
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": thread 3 never read");
                        LockSupport.parkNanos(100_000);
                    }
                } else if (myThread() == 3) {
                    while (writing.get() < r) {
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": thread 2 never wrote");
                        LockSupport.parkNanos(100_000);
                    }
                    while (true) {
                        pool.lock("L");
                        try {
                            pool.readCheck(box, 0);
                            if (box[0] == r) {
                                pool.readCheck(cells, 4);
                                long seen = cells[4];
                                Check.equal(r, seen, () -> "round " + round + ": cells[4] under lock L, after box[0] showed"
                                        + " the round (both written by thread 0 under L), while thread 2 writes cells[0]");
                                break;
                            }
                        } finally {
                            pool.unlock("L");
                        }
                        Check.that(System.nanoTime() < deadline, () -> "round " + round + ": box never showed the round");
                        LockSupport.parkNanos(200_000);
                    }
                    read.set(r);
                }
                barrier();
                pool.readCheck(cells, 0);
                Check.equal(r, cells[0], () -> "round " + round + ": cells[0] after the barrier");
                pool.readCheck(cells, 4);
                Check.equal(r, cells[4], () -> "round " + round + ": cells[4] after the barrier");
                barrier();
            }
        }
    }
}
