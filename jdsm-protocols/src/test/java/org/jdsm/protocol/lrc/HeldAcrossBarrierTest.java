package org.jdsm.protocol.lrc;

import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Under LRC a barrier publishes the writes to blocks that a thread keeps acquired across it (the
 * SOR sample keeps its inner rows so), both blocks homed on the writer's node and blocks homed
 * elsewhere. (Under SC the reader would wait for the writer's release, so this is LRC's contract.)
 */
class HeldAcrossBarrierTest {

    /**
     * Thread 0 acquires every block once and keeps them for all rounds; each round it writes new
     * values, then after a barrier every other thread reads them all, and a second barrier ends
     * the round. Args: rounds.
     */
    public static class HolderWritesReadersRead extends Spmd {
        static final int BLOCK = 4;

        private long[] data;

        @Override
        public void init() {
            data = pool.register(new long[nodes() * 150 * BLOCK], BLOCK); // blocks on every node, several 64-block words each
        }

        @Override
        public void start() {
            int rounds = Integer.parseInt(args().get(0));
            if (myThread() == 0) {
                pool.acquire(data, 0, data.length);
            }
            for (int r = 1; r <= rounds; r++) {
                if (myThread() == 0) {
                    for (int i = 0; i < data.length; i++) {
                        data[i] = r * 1_000_000L + i;
                    }
                }
                barrier();
                if (myThread() != 0) {
                    pool.update(data, 0, data.length);
                    for (int i = 0; i < data.length; i++) {
                        if (data[i] != r * 1_000_000L + i) {
                            throw new IllegalStateException("thread " + myThread() + " on node " + myNode() + ", round " + r
                                    + ": element " + i + " (block " + i / BLOCK + ") is " + data[i]);
                        }
                    }
                }
                barrier();
            }
            if (myThread() == 0) {
                pool.release(data, 0, data.length);
            }
        }
    }

    @ParameterizedTest(name = "{0} x {1} over {2}")
    @CsvSource({"2, 1, local", "3, 2, local", "3, 2, chaos"})
    @Timeout(60)
    void writesToBlocksHeldAcrossABarrierArePublishedByIt(int nodes, int threads, String comm) {
        InJvmJob.of(HolderWritesReadersRead.class).comm(comm).nodes(nodes).threadsPerNode(threads).protocol("lrc")
                .args(List.of("4")).run();
    }
}
