package org.jdsm.samples.mapcolour;

import java.util.List;
import org.jdsm.Spmd;

/**
 * Hyperion's minimal-cost map colouring on JDSM: branch and bound over colourings of the eastern
 * US states with colours of different costs. A single-threaded breadth-first expansion makes 64
 * or more starting states, dealt round-robin to the threads; each thread searches its states with
 * its own priority queue ({@link BranchAndBound}). The best colouring so far is one shared
 * {@code int[]} (cost, then the colours) under a JDSM lock: threads poll it under the lock at
 * intervals to prune, and offer each cheaper colouring they find. Node 0 checks the final best
 * against a sequential depth-first search. The optimum is the same for any node and thread count
 * (which of several optimal colourings wins may differ).
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.mapcolour.MapColouring [STATES] [COST...]}
 * (default: Hyperion's 29 states, four colours costing 1, 2, 3 and 4).
 */
public class MapColouring extends Spmd {

    private ColouringProblem problem;
    private List<Partial> roots;
    private int[] best;

    @Override
    public void init() {
        problem = MapColouringSize.parse(args());
        roots = BranchAndBound.roots(problem, BranchAndBound.ROOTS); // the same on every node
        best = pool.register(BestBound.none(problem.regions()), problem.regions() + 1);
    }

    @Override
    public void start() {
        List<Partial> mine = BranchAndBound.share(roots, myThread(), threads());
        barrier();
        long began = System.nanoTime();
        long expanded = BranchAndBound.search(problem, mine, new SharedBest());
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(best);
            MapColouringReference.validate(problem, best, nodes() + " nodes x " + threadsPerNode() + " threads, "
                    + roots.size() + " starting states, thread 0 expanded " + expanded + ", kernel " + millis + " ms");
        }
    }

    /** The shared best under its JDSM lock (a lock is an acquire point: it sees the latest best). */
    private final class SharedBest implements BestBound {

        @Override
        public int poll() {
            pool.lock(best);
            try {
                pool.update(best);
                return best[0];
            } finally {
                pool.unlock(best);
            }
        }

        @Override
        public int offer(int cost, int[] colouring) {
            pool.lock(best);
            try {
                pool.acquire(best);
                int now = BestBound.keepCheaper(best, cost, colouring);
                pool.release(best);
                return now;
            } finally {
                pool.unlock(best);
            }
        }
    }
}
