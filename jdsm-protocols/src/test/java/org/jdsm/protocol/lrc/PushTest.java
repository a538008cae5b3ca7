package org.jdsm.protocol.lrc;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jdsm.Spmd;
import org.jdsm.runtime.DsmStats.Counter;
import org.jdsm.runtime.InJvmJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link BlockPushes}: a block that a node reads after every barrier comes to it pushed by its
 * home instead of fetched, and every read still sees the values of the epoch before it. Each node
 * writes its own block (its home) every epoch; after the barrier it reads its right neighbour's
 * block (a stencil's border), in a single update, a range update or an async update. Once the
 * node has subscribed with its second fetch, the reads need no more fetches at 2 nodes, where the
 * push always arrives ahead of the barrier's own message. With more nodes a push may come after the
 * read, which then fetches; the values must be right either way.
 */
class PushTest {

    static final int EPOCHS = 40;
    static final int BLOCK = 64;

    /** Writes its block, then reads the neighbour's, every epoch; checks every value read. */
    public static class BorderReader extends Spmd {
        private double[] rows;
        private double[] writers;

        @Override
        public void init() {
            rows = pool.register(new double[nodes() * BLOCK], BLOCK);
            writers = pool.register(new double[nodes() * BLOCK], BLOCK);
        }

        @Override
        public void start() {
            int mine = myNode() * BLOCK;
            int right = (myNode() + 1) % nodes() * BLOCK;
            LazyRelease lrc = (LazyRelease) pool;
            long fetchesAtEpoch2 = 0;
            for (int epoch = 0; epoch < EPOCHS; epoch++) {
                pool.acquire(rows, mine, mine + BLOCK);
                for (int i = 0; i < BLOCK; i++) {
                    rows[mine + i] = value(epoch, myNode(), i);
                }
                pool.release(rows, mine, mine + BLOCK);
                // One element of the left neighbour's block of the second array: its home merges this
                // diff, and a push that lacks it must not be installed (the read then fetches).
                int other = (myNode() + nodes() - 1) % nodes() * BLOCK;
                pool.acquire(writers, other + epoch % BLOCK);
                writers[other + epoch % BLOCK] = value(epoch, myNode(), 0);
                pool.release(writers, other + epoch % BLOCK);
                if (ThreadLocalRandom.current().nextInt(4) == 0) {
                    sleepMicros(ThreadLocalRandom.current().nextInt(300));
                }
                barrier();
                if (epoch == 2) {
                    fetchesAtEpoch2 = lrc.statistics().get(Counter.FETCHES);
                }
                int neighbour = (myNode() + 1) % nodes();
                switch (epoch % 3) {
                    case 0 -> pool.update(rows, right);
                    case 1 -> pool.update(rows, right, right + BLOCK);
                    default -> pool.updateAsync(rows, right, right + BLOCK).touch();
                }
                for (int i = 0; i < BLOCK; i++) {
                    expect(rows[right + i], value(epoch, neighbour, i), "rows", right + i, epoch);
                }
                pool.update(writers, right, right + BLOCK);
                int writer = (myNode() + 2) % nodes();
                expect(writers[right + epoch % BLOCK], value(epoch, writer, 0), "writers", right + epoch % BLOCK, epoch);
                barrier();
            }
            long fetchesAfterSubscribing = (lrc.statistics().get(Counter.FETCHES) - fetchesAtEpoch2);
            if (nodes() == 2 && fetchesAfterSubscribing > 0) {
                throw new IllegalStateException("node " + myNode() + " fetched " + fetchesAfterSubscribing
                        + " times in the last " + (EPOCHS - 2) + " epochs: its neighbour's row should have come pushed");
            }
        }

        private static double value(int epoch, int node, int i) {
            return epoch * 10_000 + node * 100 + i;
        }

        private void expect(double seen, double expected, String array, int index, int epoch) {
            if (seen != expected) {
                throw new IllegalStateException("node " + myNode() + ", epoch " + epoch + ": " + array + "[" + index
                        + "] is " + seen + ", expected " + expected);
            }
        }

        private static void sleepMicros(int micros) {
            try {
                TimeUnit.MICROSECONDS.sleep(micros);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @ParameterizedTest(name = "{0} nodes x {1} over {2}")
    @CsvSource({"2, 1, local", "2, 1, chaos", "3, 1, local", "3, 2, chaos", "4, 1, chaos"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void readsOfPushedBlocksSeeTheLastEpoch(int nodes, int threads, String comm) {
        InJvmJob.of(BorderReader.class).comm(comm).nodes(nodes).threadsPerNode(threads).protocol("lrc").run();
    }
}
