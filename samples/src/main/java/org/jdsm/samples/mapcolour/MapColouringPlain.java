package org.jdsm.samples.mapcolour;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;

/** The same map colouring on plain Java threads in one JVM, the best under a Java monitor. */
public final class MapColouringPlain {

    private MapColouringPlain() {
    }

    /** Runs MapColouring with {@code args} as for {@link MapColouring} on {@code threads} threads, validates, returns the optimum. */
    public static double run(int threads, List<String> args) {
        ColouringProblem problem = MapColouringSize.parse(args);
        List<Partial> roots = BranchAndBound.roots(problem, BranchAndBound.ROOTS);
        int[] best = BestBound.none(problem.regions());
        BestBound shared = new BestBound() {
            @Override
            public int poll() {
                synchronized (best) {
                    return best[0];
                }
            }

            @Override
            public int offer(int cost, int[] colouring) {
                synchronized (best) {
                    return BestBound.keepCheaper(best, cost, colouring);
                }
            }
        };
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) ->
                BranchAndBound.search(problem, BranchAndBound.share(roots, id, threads), shared));
        long millis = (System.nanoTime() - began) / 1_000_000;
        MapColouringReference.validate(problem, best, "plain Java, " + threads + " threads, " + roots.size()
                + " starting states, kernel " + millis + " ms");
        return best[0];
    }
}
