package org.jdsm.protocol.lrc;

import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A barrier message carries only the intervals some node may still miss. The log keeps the
 * previous barrier's intervals one barrier longer (for lock grants), and once every barrier
 * message carried them again: LU 1024 sent half as many bytes again per node. In a job that
 * synchronizes by barriers alone, a node entering a barrier knows no interval another node lacks.
 */
class BarrierMessageSizeTest {

    /**
     * Each thread writes its own block every phase, into one of two arrays by turns (so one barrier
     * per phase suffices); before each barrier it counts what the barrier would carry. Args: phases.
     */
    public static class PhasesOfOwnWrites extends Spmd {
        private long[] even;
        private long[] odd;

        @Override
        public void init() {
            even = pool.register(new long[threads()], 1);
            odd = pool.register(new long[threads()], 1);
        }

        @Override
        public void start() {
            LazyRelease lrc = (LazyRelease) pool;
            int phases = Integer.parseInt(args().get(0));
            for (int phase = 1; phase <= phases; phase++) {
                long[] data = phase % 2 == 0 ? even : odd;
                pool.acquire(data, myThread());
                data[myThread()] = phase;
                pool.release(data, myThread());
                int carried = lrc.knownIntervals().size();
                if (carried != 0) {
                    throw new IllegalStateException("node " + myNode() + " would send " + carried
                            + " intervals every node already has in the barrier of phase " + phase);
                }
                barrier();
                pool.update(data, 0, data.length);
                for (int t = 0; t < data.length; t++) {
                    if (data[t] != phase) {
                        throw new IllegalStateException("phase " + phase + ": thread " + t + "'s element is " + data[t]);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} x {1} over {2}")
    @CsvSource({"2, 1, local", "4, 2, local", "5, 1, chaos"})
    @Timeout(60)
    void barriersCarryNoIntervalEveryNodeHas(int nodes, int threads, String comm) {
        InJvmJob.of(PhasesOfOwnWrites.class).comm(comm).nodes(nodes).threadsPerNode(threads).protocol("lrc")
                .args(List.of("6")).run();
    }
}
