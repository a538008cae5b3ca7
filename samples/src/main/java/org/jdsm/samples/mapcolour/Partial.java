package org.jdsm.samples.mapcolour;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A search state: the first {@code depth} regions coloured, at cost {@code cost}, every completion
 * costing at least {@code bound}.
 */
record Partial(int[] colouring, int depth, int cost, int bound) {

    static Partial root(ColouringProblem p) {
        int[] none = new int[p.regions()];
        Arrays.fill(none, -1);
        return new Partial(none, 0, 0, p.bound(none, 0, 0));
    }

    boolean complete() {
        return depth == colouring.length;
    }

    /** The states colouring the next region in each allowed colour whose bound is still feasible. */
    List<Partial> children(ColouringProblem p) {
        List<Partial> out = new ArrayList<>(p.colours());
        for (int c = 0; c < p.colours(); c++) {
            if (p.allowed(colouring, depth, c)) {
                int[] next = colouring.clone();
                next[depth] = c;
                int cost = this.cost + p.costs()[c];
                int bound = p.bound(next, depth + 1, cost);
                if (bound != ColouringProblem.INFEASIBLE) {
                    out.add(new Partial(next, depth + 1, cost, bound));
                }
            }
        }
        return out;
    }
}
