package org.jdsm.protocol.lrc;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Timeout;

/**
 * {@code updateAsync} prefetches: every call sends its block's fetch before it returns, from the
 * calling thread, and no thread is parked per block while the replies travel; the data is current
 * once the futures are touched, and a plain {@code update} of a block whose fetch is in flight
 * waits for that fetch (under LRC the fetches are also counted: exactly one per block).
 */
class PrefetchTest {

    /**
     * Node 0 writes every block it is home of; after a barrier node 1 starts {@code updateAsync} on
     * all of them, counting the fetch requests sent by the time the calls return and the helper
     * threads that appeared, then reads half the blocks through {@code update} and the rest after
     * {@code touch()}.
     */
    public static class ManyStaleBlocks extends Spmd {
        static final int BLOCKS = 64;
        static final int BLOCK = 16;

        private double[] data;

        @Override
        public void init() {
            data = pool.register(new double[BLOCKS * BLOCK], BLOCK); // block distribution: node 0 homes the first half
        }

        private static double value(int i) {
            return i * 0.25 + 3;
        }

        @Override
        public void start() {
            int homedOnZero = BLOCKS / nodes();
            if (myNode() == 0) {
                pool.acquire(data, 0, homedOnZero * BLOCK);
                for (int i = 0; i < homedOnZero * BLOCK; i++) {
                    data[i] = value(i);
                }
                pool.release(data, 0, homedOnZero * BLOCK);
            }
            barrier();
            if (myNode() == 1) {
                LazyRelease lrc = pool instanceof LazyRelease l ? l : null;
                Set<String> helpersBefore = helperThreads();
                long sentBefore = lrc == null ? 0 : lrc.trafficTo(0);
                List<DsmFuture> futures = new ArrayList<>();
                for (int b = 0; b < homedOnZero; b++) {
                    futures.add(pool.updateAsync(data, b * BLOCK));
                }
                long fetches = lrc == null ? homedOnZero : lrc.trafficTo(0) - sentBefore;
                if (fetches != homedOnZero) {
                    throw new IllegalStateException("updateAsync of " + homedOnZero + " stale blocks had sent " + fetches
                            + " fetches when the calls returned; expected one per block, sent by the calling thread");
                }
                for (int b = 0; b < homedOnZero; b += 2) {
                    pool.update(data, b * BLOCK); // waits for the fetch in flight, sends none
                    check(b);
                }
                for (DsmFuture f : futures) {
                    f.touch();
                }
                for (int b = 1; b < homedOnZero; b += 2) {
                    check(b);
                }
                long sentAfter = lrc == null ? homedOnZero : lrc.trafficTo(0) - sentBefore;
                if (sentAfter != homedOnZero) {
                    throw new IllegalStateException("reading the prefetched blocks sent " + (sentAfter - homedOnZero) + " more fetches");
                }
                Set<String> helpersAfter = helperThreads();
                helpersAfter.removeAll(helpersBefore);
                if (!helpersAfter.isEmpty()) {
                    throw new IllegalStateException("updateAsync started helper threads " + helpersAfter
                            + " although every fetch could be sent at once");
                }
            }
            barrier();
        }

        private void check(int block) {
            for (int i = block * BLOCK; i < (block + 1) * BLOCK; i++) {
                if (data[i] != value(i)) {
                    throw new IllegalStateException("element " + i + " of prefetched block " + block + ": expected "
                            + value(i) + ", saw " + data[i]);
                }
            }
        }

        /** This node's helper threads (see HelperThreads), by identity. */
        private Set<String> helperThreads() {
            String prefix = "jdsm-async-n" + myNode();
            return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(prefix))
                    .map(t -> t.getName() + "#" + t.getId()).collect(Collectors.toSet());
        }
    }

    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({"lrc, local", "lrc, chaos", "sc, local", "sc, chaos"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void updateAsyncSendsEveryFetchAtOnceWithoutHelperThreads(String protocol, String comm) {
        InJvmJob.of(ManyStaleBlocks.class).comm(comm).nodes(2).threadsPerNode(1).protocol(protocol).run();
    }
}
