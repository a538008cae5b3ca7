package org.jdsm.protocol.lrc;

import java.util.concurrent.TimeUnit;
import org.jdsm.SharedObject;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * A range of stale blocks read with one call costs each home one request when the blocks are
 * small ({@link FetchSender}): {@code update(array, from, to)} and {@code updateAsync(array, from,
 * to)} alike. Blocks of 16384 elements go four to a request, so five blocks at a home take two.
 */
class RangeFetchTest {

    /** Every node writes the blocks it homes; after a barrier node 0 reads both arrays whole, counting its requests per home. */
    public static class WholeArrays extends Spmd {
        static final int SMALL_BLOCK = 16;
        static final int BIG_BLOCK = 16384;

        private double[] small;
        private long[] big;

        @Override
        public void init() {
            small = pool.register(new double[8 * nodes() * SMALL_BLOCK], SMALL_BLOCK);
            big = pool.register(new long[5 * nodes() * BIG_BLOCK], BIG_BLOCK);
        }

        @Override
        public void start() {
            writeHomedBlocks(pool.registered(small), small.length / nodes());
            writeHomedBlocks(pool.registered(big), big.length / nodes());
            barrier();
            if (myNode() == 0) {
                long[] before = sent();
                pool.update(small, 0, small.length);
                expectRequests(before, 1, "update of 8 small blocks per home");
                for (int i = 0; i < small.length; i++) {
                    expect(small[i], i, "small");
                }
                before = sent();
                pool.updateAsync(big, 0, big.length).touch();
                expectRequests(before, 2, "updateAsync of 5 blocks of 16384 elements per home");
                for (int i = 0; i < big.length; i++) {
                    expect(big[i], i, "big");
                }
            }
            barrier();
        }

        /** Writes value(i) into this node's share of the array, which block distribution homes here. */
        private void writeHomedBlocks(SharedObject so, int share) {
            int from = myNode() * share;
            pool.acquire(so.object(), from, from + share);
            for (int i = from; i < from + share; i++) {
                if (so.object() instanceof double[] d) {
                    d[i] = value(i);
                } else {
                    ((long[]) so.object())[i] = (long) value(i);
                }
            }
            pool.release(so.object(), from, from + share);
        }

        private static double value(int i) {
            return i * 3 + 1;
        }

        private static void expect(double seen, int i, String array) {
            if (seen != (long) value(i)) {
                throw new IllegalStateException(array + "[" + i + "] is " + seen + ", expected " + value(i));
            }
        }

        private long[] sent() {
            long[] sent = new long[nodes()];
            for (int n = 1; n < nodes(); n++) {
                sent[n] = ((LazyRelease) pool).trafficTo(n);
            }
            return sent;
        }

        private void expectRequests(long[] before, int expected, String what) {
            long[] after = sent();
            for (int n = 1; n < nodes(); n++) {
                if (after[n] - before[n] != expected) {
                    throw new IllegalStateException(what + " sent " + (after[n] - before[n]) + " messages to node " + n
                            + ", expected " + expected);
                }
            }
        }
    }

    @ParameterizedTest(name = "over {0}")
    @ValueSource(strings = {"local", "chaos"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRangeOfSmallBlocksCostsEachHomeOneRequest(String comm) {
        InJvmJob.of(WholeArrays.class).comm(comm).nodes(3).threadsPerNode(1).protocol("lrc").run();
    }
}
