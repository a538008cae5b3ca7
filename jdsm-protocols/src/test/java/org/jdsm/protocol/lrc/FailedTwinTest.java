package org.jdsm.protocol.lrc;

import org.jdsm.Spmd;
import org.jdsm.protocol.suite.Poison;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;

/**
 * An acquire whose twin cannot be taken (a value that refuses to be copied) fails as a whole and
 * leaves nothing behind: the node may catch it and go on. It counted the writer before taking the
 * twin, so the block passed for written with no twin, and the next barrier failed with a
 * NullPointerException.
 */
class FailedTwinTest {

    /**
     * Node 1 fetches the block of a value homed on node 0 and sets it to 13 in its own copy only
     * (no message carries it, so only the copy for a twin decodes it). Its acquire then fails on the
     * twin; it catches that, lets copies be made again and goes on: a barrier, then an acquire that
     * writes 21, which every node must read after the next barrier.
     */
    public static final class GoesOnAfterAFailedTwin extends Spmd {
        private Object[] cells;

        @Override
        public void init() {
            Poison.everywhere = false;
            cells = pool.register(new Object[] {new Poison()}, 1);
        }

        @Override
        public void start() {
            if (myNode() == 1) {
                pool.update(cells, 0);
                ((Poison) cells[0]).value = 13;
                failToAcquire();
            }
            barrier();
            if (myNode() == 1) {
                pool.acquire(cells, 0);
                ((Poison) cells[0]).value = 21;
                pool.release(cells, 0);
            }
            barrier();
            pool.update(cells, 0);
            long seen = ((Poison) cells[0]).value;
            if (seen != 21) {
                throw new IllegalStateException("node " + myNode() + " read " + seen + " after node 1 wrote 21");
            }
        }

        /** An acquire of the cell while its value refuses to be copied must fail, naming the refusal. */
        private void failToAcquire() {
            Poison.catchRefusal(() -> pool.acquire(cells, 0), "the acquire took a twin of a value that refuses to be copied");
        }
    }

    @RepeatedTest(5)
    @Timeout(60)
    void aNodeGoesOnAfterAnAcquireWhoseTwinFailed() {
        InJvmJob.of(GoesOnAfterAFailedTwin.class).comm("local").nodes(2).threadsPerNode(1).protocol("lrc").run();
    }
}
