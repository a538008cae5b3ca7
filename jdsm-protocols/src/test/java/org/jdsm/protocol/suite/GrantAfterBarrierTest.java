package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lock grant sent by a node that has already left a barrier, to a node still inside it: the
 * granting node's writes made before the barrier must still reach the acquirer. An
 * {@code acquireAsync} started before the barrier waits for a block another node holds across it;
 * that node wrote other blocks before the barrier (published by it) and releases the held block
 * right after, so the grant can overtake the barrier messages that carry those writes' notices
 * (over {@code chaos}, messages between different pairs overtake each other). After the barrier
 * every thread must see the writes, also on the acquirer's node, whose copies of the written blocks
 * were current before.
 */
class GrantAfterBarrierTest {

    private static final List<Shape> CHAOS_SHAPES = List.of(new Shape(3, 1), new Shape(4, 1), new Shape(8, 1),
            new Shape(3, 2), new Shape(2, 4));

    static Stream<Arguments> runs() {
        return Stream.concat(Jobs.everyProtocol(CHAOS_SHAPES, List.of("chaos")),
                Jobs.everyProtocol(List.of(new Shape(4, 1), new Shape(8, 1)), List.of("local")));
    }

    /**
     * LRC used to fail here: a node that left the barrier dropped its barrier interval from its log
     * and then granted a lock to a node still inside the barrier, raising that node's clock past
     * the interval, whose notices it then skipped. Logs are now trimmed one barrier later.
     */
    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void writesBeforeABarrierReachANodeThatAGrantReachesFirst(String protocol, Shape shape, String comm) {
        runJob(protocol, shape, comm);
    }

    private static void runJob(String protocol, Shape shape, String comm) {
        List<String> args = List.of(arg("phases", 25), arg("seed", 7 * shape.nodes() + shape.threadsPerNode()));
        Jobs.runOver(comm, GrantAfterBarrier.class, protocol, shape, args);
    }

    /**
     * Phase p: the granting node g = p % nodes, the acquiring node a = g + 2 (g + 1 with two nodes).
     * The first thread of g acquires {@code carry[g]}; every thread reads {@code data} (all of it
     * current: the values of phase p - 1); barrier A; the last thread of a starts
     * {@code acquireAsync(carry, g)}; g's thread writes {@code data[g]} (homed at g) and
     * {@code data[a]}'s neighbour block homed at the third node under acquire/release; barrier B;
     * g's thread releases {@code carry[g]} (the grant goes to a at once); every thread reads
     * {@code data}, which must hold phase p's writes; a's waiter touches its future and checks
     * {@code carry[g] == p}; barrier C.
     */
    public static final class GrantAfterBarrier extends Spmd {
        long[] carry;
        long[] data;

        @Override
        public void init() {
            carry = pool.register(new long[nodes()], 1); // carry[n] homed at node n
            data = pool.register(new long[nodes()], 1); // data[n] homed at node n
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int phases = args.integer("phases", 10);
            Random random = new Random(args.integer("seed", 1) * 1000L + myThread());
            int n = nodes();
            long[] expected = new long[n];
            for (int p = 1; p <= phases; p++) {
                int phase = p;
                int g = p % n;
                int a = (g + (n > 2 ? 2 : 1)) % n;
                int other = (g + 1) % n; // the third node with three or more nodes (the acquirer's with two)
                int holder = g * threadsPerNode();
                int waiter = a * threadsPerNode() + threadsPerNode() - 1;
                int me = myThread();
                if (me == holder) {
                    pool.acquire(carry, g);
                }
                pool.update(data);
                for (int k = 0; k < n; k++) {
                    int key = k;
                    Check.equal(expected[k], data[k], () -> "phase " + phase + ": data[" + key + "] before barrier A");
                }
                barrier();
                DsmFuture acquired = me == waiter ? pool.acquireAsync(carry, g) : null;
                pause(random);
                if (me == holder) {
                    pool.acquire(data, g);
                    data[g] = p;
                    pool.release(data, g);
                    pool.acquire(data, other);
                    data[other] = 1000 + p;
                    pool.release(data, other);
                }
                expected[g] = p;
                expected[other] = 1000 + p;
                barrier();
                if (me == holder) {
                    carry[g] = p;
                    pool.release(carry, g);
                }
                pause(random);
                pool.update(data);
                for (int k = 0; k < n; k++) {
                    int key = k;
                    long want = expected[k];
                    Check.equal(want, data[k], () -> "phase " + phase + ": data[" + key + "] after barrier B (written by the"
                            + " first thread of node " + g + " before it; node " + a + " waits in acquireAsync(carry, " + g + "))");
                }
                if (acquired != null) {
                    Check.that(acquired.touch() == carry, () -> "acquireAsync(...).touch() did not return the array");
                    Check.equal(p, carry[g], () -> "phase " + phase + ": carry[" + g + "] once the waiter holds it");
                    pool.release(carry, g);
                }
                barrier();
            }
        }

        private static void pause(Random random) {
            if (random.nextInt(3) == 0) {
                try {
                    Thread.sleep(0, random.nextInt(300_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
