package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.stream.Stream;
import org.jdsm.SharedObject;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Homes write their blocks phase after phase while every other node keeps reading them (cached
 * copies refreshed many times), then now and then a node that has only read a block for many
 * intervals writes part of it: its twin must be taken from the current contents, so its diff
 * carries only what it wrote and never puts back an older value of an element the home wrote
 * since. Each phase writes only some elements of a block, so a stale twin or a diff of too much
 * shows as an element going back. Every element is checked against a plain-Java replay.
 */
class ReaderTurnsWriterTest {

    static Stream<Arguments> runs() {
        return Stream.concat(
                Jobs.everyProtocol(List.of(new Shape(2, 4), new Shape(3, 2), new Shape(4, 1), new Shape(8, 1)), List.of("local")),
                Jobs.everyProtocol(List.of(new Shape(3, 2)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void aLongTimeReaderWritesOnlyWhatItWrote(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", comm.equals("chaos") ? 20 : 40));
        Jobs.runOver(comm, ReaderTurnsWriter.class, protocol, shape, args);
    }

    /**
     * One block of {@code BLOCK} elements per node, homed there. In phase p the writer of block b
     * is a thread of its home, except every fifth phase, when it is a thread of the next node (which
     * has only read the block since it last wrote it). The writer rewrites the elements {@code i}
     * with {@code (i + p) % 3 == 0} under acquire/release of the block. After a barrier every thread
     * reads every block and checks it against the replay; a second barrier ends the phase.
     */
    public static final class ReaderTurnsWriter extends Spmd {
        static final int BLOCK = 12;

        private long[] data;

        @Override
        public void init() {
            data = pool.register(new long[nodes() * BLOCK], BLOCK);
        }

        private int writerNode(int home, int p) {
            return p % 5 == 0 ? (home + 1) % nodes() : home;
        }

        private static boolean written(int i, int p) {
            return (i + p) % 3 == 0;
        }

        /** Element i after phase p, with the writer of its last writing phase encoded. */
        private long expected(int i, int p, SharedObject so) {
            for (int q = p; q >= 1; q--) {
                if (written(i, q)) {
                    return value(i, q, writerNode(so.home(so.blockOf(i)), q));
                }
            }
            return 0;
        }

        private static long value(int i, int p, int node) {
            return ((long) p << 32) | ((long) node << 16) | i;
        }

        @Override
        public void start() {
            int phases = JobArgs.of(this).integer("phases", 40);
            SharedObject so = pool.sharedObject(data);
            for (int p = 1; p <= phases; p++) {
                for (int b = 0; b < so.blockCount(); b++) {
                    int node = writerNode(so.home(b), p);
                    int thread = node * threadsPerNode() + (b + p) % threadsPerNode();
                    if (thread == myThread()) {
                        int from = b * BLOCK;
                        pool.acquire(data, from);
                        for (int i = from; i < from + BLOCK; i++) {
                            if (written(i, p)) {
                                data[i] = value(i, p, node);
                            }
                        }
                        pool.release(data, from);
                    }
                }
                barrier();
                for (int i = 0; i < data.length; i++) {
                    pool.update(data, i);
                    int phase = p;
                    int index = i;
                    Check.equal(expected(i, p, so), data[i], () -> "phase " + phase + ", element " + index
                            + " (block homed on node " + so.home(so.blockOf(index)) + ")");
                }
                barrier();
            }
        }
    }
}
