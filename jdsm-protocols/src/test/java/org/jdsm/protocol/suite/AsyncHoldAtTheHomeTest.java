package org.jdsm.protocol.suite;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jdsm.Distribution;
import org.jdsm.DsmFuture;
import org.jdsm.Spmd;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A block taken with {@code acquireAsync} before a barrier, on its own home node (under LRC the
 * manager of its lock, so the helper thread's request is queued there without a message, maybe only
 * after the barrier), and touched after the barrier while threads of every node take the same block
 * in turn, the lock's token leaving the home and coming back. Many rounds with random pauses: every
 * round must end, and no increment be lost. (The first suspect for the holds soak hangs of {@link
 * MixedRandomProgramTest}; those were the generated program's own deadlock, see {@link HeldUnits}.)
 */
class AsyncHoldAtTheHomeTest {

    static Stream<Arguments> runs() {
        return Jobs.everyProtocol(List.of(new Shape(2, 4), new Shape(4, 1)), List.of("chaos", "local"));
    }

    @ParameterizedTest(name = "{0} {1} over {2}")
    @MethodSource("runs")
    @Timeout(60)
    void heldBlockIsGrantedAfterTheOthersTookIt(String protocol, Shape shape, String comm) {
        Jobs.runOver(comm, HoldAtTheHome.class, protocol, shape, List.of(arg("rounds", Integer.getInteger("jdsm.suite.rounds", 30)),
                JobArgs.seedArg(7)));
    }

    /**
     * Block n of {@code counts} is homed on node n (cyclic, one element a block). Each round every
     * thread draws the same holder h; h starts {@code acquireAsync} of its own node's block and
     * enters the barrier; after it, every other thread increments that block under acquire/release
     * while h touches its future (after a random pause), increments and releases. After the next
     * barrier every thread checks the count, and a third one ends the round.
     */
    public static final class HoldAtTheHome extends Spmd {

        long[] counts;

        @Override
        public void init() {
            counts = pool.register(new long[nodes()], 1, Distribution.CYCLIC);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            Random shared = args.choices(-1); // the same draws on every thread
            Random pauses = args.pauses(myThread());
            long[] expected = new long[nodes()];
            for (int round = 0; round < args.integer("rounds", 30); round++) {
                int holder = shared.nextInt(threads());
                int b = holder / threadsPerNode();
                DsmFuture held = myThread() == holder ? pool.acquireAsync(counts, b) : null;
                barrier();
                JobArgs.maybePause(pauses, 2, 2_000_000);
                if (held != null) {
                    held.touch();
                } else {
                    pool.acquire(counts, b);
                }
                counts[b]++;
                JobArgs.maybePause(pauses, 4, 200_000);
                pool.release(counts, b);
                expected[b] += threads();
                barrier();
                pool.update(counts, b);
                int r = round;
                Check.equal(expected[b], counts[b], () -> "round " + r + ": block " + b + " held by thread " + holder);
                barrier(); // before the next hold: under SC a read of a held block waits for its holder
            }
        }
    }
}
