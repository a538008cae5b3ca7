package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One single shared object written by every thread, some under {@code lock(obj)} and its
 * {@code acquire(obj)}, others through {@code acquire(obj)} alone, and read under {@code lock(obj)}
 * with {@code update(obj)}, along with an array element written only under that lock; per-node counters under cached named locks; no barrier until the end,
 * so the interval log is trimmed only by collection rounds; and one node much slower than the
 * others (seeded sleeps, some inside the critical sections). No increment may be lost, every value
 * read must be one that was written, and no thread's view may go back in time.
 */
class SlowNodeObjectLocksTest {

    static Stream<Arguments> runs() {
        return Stream.concat(Jobs.everyProtocol(List.of(new Shape(3, 2), new Shape(4, 1)), List.of("local")),
                Jobs.everyProtocol(List.of(new Shape(3, 1)), List.of("chaos")));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void noIncrementIsLostWhileOneNodeLags(String protocol, Shape shape, String comm) {
        // At 4x1 enough intervals for LRC's log to pass its collection threshold once or twice.
        int iterations = shape.equals(new Shape(4, 1)) ? 4000 : 700;
        Jobs.runOver(comm, SlowNodeObjectLocks.class, protocol, shape, List.of(arg("iterations", iterations), arg("seed", 3)));
    }

    /**
     * Args: iterations (of a fast thread; the slow node's threads do a tenth), seed. Each iteration a
     * thread picks (seeded): increment {@code total} under {@code lock(total)} and
     * {@code acquire(total)}; increment it under {@code acquire(total)} alone; read it under
     * {@code lock(total)} after {@code update(total)}; or increment its node's slot of
     * {@code perNode} under the node's named lock. After a final barrier every thread checks the
     * counts against every thread's seed.
     */
    public static final class SlowNodeObjectLocks extends Spmd {
        /** A single shared object. */
        public static final class Total {
            long value;
            /** Incremented only under {@code lock(total)}, as {@code mirror[0]} is. */
            long locked;
            int lastWriter = -1;
        }

        Total total;
        /** {@code mirror[0]} equals {@code total.locked} whenever a thread holds {@code lock(total)}. */
        long[] mirror;
        long[] perNode;

        @Override
        public void init() {
            total = pool.register(new Total());
            mirror = pool.register(new long[1], 1);
            perNode = pool.register(new long[nodes()], 1);
        }

        private boolean slow(int node) {
            return node == nodes() - 1;
        }

        private int iterations(int thread) {
            int n = JobArgs.of(this).integer("iterations", 300);
            return slow(thread / threadsPerNode()) ? n / 10 : n;
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int me = myThread();
            Random choices = args.choices(me);
            Random pauses = args.pauses(me);
            long allIncrements = 0;
            for (int t = 0; t < threads(); t++) {
                allIncrements += iterations(t);
            }
            long lastSeen = -1;
            for (int i = 0; i < iterations(me); i++) {
                int what = choices.nextInt(4);
                long seen;
                if (what == 0) {
                    pool.lock(total);
                    pool.acquire(total);
                    pool.acquire(mirror, 0);
                    seen = total.value;
                    checkMirror("under lock(total), acquired");
                    lag(pauses);
                    total.value = seen + 1;
                    total.locked++;
                    mirror[0]++;
                    total.lastWriter = me;
                    pool.release(mirror, 0);
                    pool.release(total);
                    pool.unlock(total);
                } else if (what == 1) {
                    pool.acquire(total);
                    seen = total.value;
                    total.value = seen + 1;
                    total.lastWriter = me;
                    lag(pauses);
                    pool.release(total);
                } else if (what == 2) {
                    pool.lock(total);
                    pool.update(total);
                    pool.update(mirror, 0);
                    seen = total.value;
                    int writer = total.lastWriter;
                    checkMirror("under lock(total), updated");
                    pool.unlock(total);
                    Check.that(writer < threads() && (seen == 0) == (writer == -1), () -> "total shows " + seen + " by writer " + writer);
                } else {
                    String lock = "node-" + myNode();
                    pool.lock(lock);
                    pool.acquire(perNode, myNode());
                    perNode[myNode()]++;
                    pool.release(perNode, myNode());
                    pool.unlock(lock);
                    seen = lastSeen;
                }
                long previous = lastSeen;
                Check.that(seen >= previous && seen <= allIncrements, () -> "iteration: total showed " + seen + " after " + previous);
                lastSeen = what < 2 ? seen + 1 : seen;
                lag(pauses);
            }
            barrier();
            long increments = 0;
            long lockedIncrements = 0;
            long[] expectedPerNode = new long[nodes()];
            for (int t = 0; t < threads(); t++) {
                Random other = args.choices(t);
                for (int i = 0; i < iterations(t); i++) {
                    int what = other.nextInt(4);
                    if (what < 2) {
                        increments++;
                        lockedIncrements += what == 0 ? 1 : 0;
                    } else if (what == 3) {
                        expectedPerNode[t / threadsPerNode()]++;
                    }
                }
            }
            pool.update(total);
            Check.equal(increments, total.value, () -> "total at the end");
            Check.equal(lockedIncrements, total.locked, () -> "total.locked at the end");
            pool.update(mirror);
            Check.equal(lockedIncrements, mirror[0], () -> "mirror[0] at the end");
            pool.update(perNode);
            for (int n = 0; n < nodes(); n++) {
                int node = n;
                Check.equal(expectedPerNode[n], perNode[n], () -> "perNode[" + node + "] at the end");
            }
        }

        private void checkMirror(String where) {
            long locked = total.locked;
            Check.equal(locked, mirror[0], () -> where + ": mirror[0] against total.locked " + locked);
        }

        /** On the slow node: sleeps now and then, up to 2 ms. */
        private void lag(Random pauses) {
            if (slow(myNode()) && pauses.nextInt(3) == 0) {
                LockSupport.parkNanos(pauses.nextInt(2_000_000));
            }
        }
    }
}
