package org.jdsm.protocol.suite;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A node whose message handling fails (here: a user value that refuses to be decoded, on a Comm
 * thread, in whatever message brings it: a diff, a fetch reply, a lock grant) ends the whole job
 * promptly, naming the node and the cause, while the other nodes wait in a barrier, for a lock or
 * for a block.
 */
class PoisonedValueTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("org.jdsm.protocol.suite.Jobs#stressRuns")
    @Timeout(60)
    void aValueThatCannotBeDecodedFailsTheJobPromptly(String protocol, Shape shape, String comm) {
        for (int run = 0; run < 3; run++) {
            long began = System.nanoTime();
            AssertionError e = assertThrows(AssertionError.class,
                    () -> Jobs.runOver(comm, PoisonedValueJob.class, protocol, shape, List.of()));
            long millis = (System.nanoTime() - began) / 1_000_000;
            String message = String.valueOf(e.getMessage());
            assertTrue(message.contains("value 13 refuses to be decoded"), message);
            assertTrue(millis < 10_000, () -> "the job took " + millis + " ms to fail: " + message);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jdsm.protocol.suite.Suite#protocolNames")
    @Timeout(60)
    void aFailureInsideTheDsmIsNamedByWhicheverThreadReportsIt(String protocol) {
        for (int run = 0; run < 5; run++) {
            String message = Jobs.failure(HeldAcrossBarrierJob.class, protocol, new Shape(2, 3));
            assertTrue(message.contains("value 13 refuses to be decoded"), message);
        }
    }

    /**
     * Every thread writes its own element under its block's lock and a counter under a named lock;
     * once, the last thread writes the poisoned value into element 0 (homed on node 0), then everyone
     * keeps going: reading element 0, taking the lock, meeting at barriers. Some node fails to
     * decode the value wherever it first arrives; the job must end, not hang.
     */
    public static final class PoisonedValueJob extends Spmd {
        private Object[] cells;
        private long[] counter;

        @Override
        public void init() {
            Poison.everywhere = false;
            Object[] initial = new Object[Math.max(2, threads())];
            for (int i = 0; i < initial.length; i++) {
                initial[i] = new Poison();
            }
            cells = pool.register(initial, 1);
            counter = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            int mine = myThread() % cells.length;
            for (int round = 0; round < 20; round++) {
                int at = round == 10 && myThread() == threads() - 1 ? 0 : mine;
                pool.acquire(cells, at);
                ((Poison) cells[at]).value = at == mine ? round + 100 : 13;
                pool.release(cells, at);
                pool.lock("count");
                pool.acquire(counter);
                counter[0]++;
                pool.release(counter);
                pool.unlock("count");
                pool.update(cells, 0);
                if (round % 5 == 4) {
                    barrier();
                }
            }
            barrier();
        }
    }

    /**
     * Node 1's first thread writes the poisoned value into a block homed on node 0 and holds it
     * across a barrier: the barrier's node-level part, run by whichever of the node's threads comes
     * last, publishes it through a copy, which fails under lrc; the node's other threads see the
     * barrier broken. Under sc the reads after the barrier fail where the value arrives.
     */
    public static final class HeldAcrossBarrierJob extends Spmd {
        private Object[] cells;

        @Override
        public void init() {
            Poison.everywhere = true;
            cells = pool.register(new Object[] {new Poison(), new Poison()}, 1);
        }

        @Override
        public void start() {
            boolean writer = myNode() == 1 && myThread() == threadsPerNode();
            if (writer) {
                pool.acquire(cells, 0);
                ((Poison) cells[0]).value = 13;
            }
            barrier();
            if (writer) {
                pool.release(cells, 0);
            }
            barrier();
            pool.update(cells, 0); // where the barrier did not fail (sc), reading the value does
            barrier();
        }
    }
}
