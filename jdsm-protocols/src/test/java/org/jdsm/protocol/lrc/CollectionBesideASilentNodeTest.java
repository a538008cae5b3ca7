package org.jdsm.protocol.lrc;

import static org.jdsm.protocol.suite.JobArgs.arg;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jdsm.Spmd;
import org.jdsm.protocol.suite.Check;
import org.jdsm.protocol.suite.JobArgs;
import org.jdsm.protocol.suite.Jobs;
import org.jdsm.protocol.suite.Shape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Interval collection while one node is silent: the fast nodes write a rarely written block under
 * a lock, then hand another lock back and forth until their logs pass the collection threshold
 * (so collection rounds run); the silent node, which synchronized last before that write, then
 * takes the first lock and must see the write. A collection may drop only what every node has
 * seen, so the interval of that write must survive in the logs until the silent node has it; and
 * while the silent node holds every trim back, the nodes must not ask for a round at every interval.
 */
class CollectionBesideASilentNodeTest {

    @Test
    @Timeout(60)
    void theSilentNodeStillLearnsOfAWriteMadeBeforeTheCollections() {
        Jobs.runOver("local", SilentNode.class, "lrc", new Shape(4, 1), List.of(arg("handovers", 600), arg("silenceMillis", 1500)));
    }

    /**
     * Args: handovers (per fast node), silenceMillis. Node 3 is silent: it reads {@code rare} under
     * lock "rare"; after a barrier it does nothing for {@code silenceMillis}. Meanwhile node 0 writes
     * {@code rare[0] = 1} under that lock, and nodes 0 to 2 increment {@code churn} under lock
     * "churn" {@code handovers} times each, taking turns. Then node 3 takes lock "rare" and must see 1. After a
     * final barrier every node checks {@code churn}, and node 0 how many collection rounds it ran.
     */
    public static final class SilentNode extends Spmd {
        long[] rare;
        long[] churn;

        @Override
        public void init() {
            rare = pool.register(new long[1], 1); // homed at node 0
            churn = pool.register(new long[1], 1);
        }

        @Override
        public void start() {
            JobArgs args = JobArgs.of(this);
            int handovers = args.integer("handovers", 1000);
            int silent = nodes() - 1;
            if (myNode() == silent) {
                readRare(0); // a valid copy of rare, without node 0's write
            }
            barrier();
            if (myNode() == silent) {
                sleep(args.integer("silenceMillis", 1000));
                readRare(1);
            } else {
                if (myNode() == 0) {
                    pool.lock("rare");
                    pool.acquire(rare, 0);
                    rare[0] = 1;
                    pool.release(rare, 0);
                    pool.unlock("rare");
                }
                int fast = nodes() - 1;
                for (int done = 0; done < handovers; ) { // in turns, so that every increment hands the lock over
                    pool.lock("churn");
                    pool.acquire(churn, 0);
                    if (churn[0] % fast == myNode()) {
                        churn[0]++;
                        done++;
                    }
                    pool.release(churn, 0);
                    pool.unlock("churn");
                }
            }
            barrier();
            pool.update(churn);
            Check.equal((long) handovers * (nodes() - 1), churn[0], () -> "churn at the end");
            if (myNode() == 0) {
                // Each node asks again only once its log grew by the threshold: a handful of rounds,
                // not one per interval (about 3000 here before) while node 3 holds every trim back.
                int rounds = ((LazyRelease) pool).collectionRounds();
                Check.that(rounds >= 1 && rounds <= 30, () -> rounds + " collection rounds");
            }
        }

        /** Under lock "rare": node 3 sees {@code expected}. */
        private void readRare(long expected) {
            pool.lock("rare");
            pool.update(rare, 0);
            long seen = rare[0];
            pool.unlock("rare");
            Check.equal(expected, seen, () -> "rare under its lock" + (expected == 1 ? " after the others' collections" : ""));
        }

        private static void sleep(long millis) {
            try {
                TimeUnit.MILLISECONDS.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
