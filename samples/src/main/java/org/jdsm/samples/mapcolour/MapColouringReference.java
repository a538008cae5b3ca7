package org.jdsm.samples.mapcolour;

import java.util.Arrays;
import org.jdsm.samples.support.Validation;

/**
 * How a map colouring result is judged: the reported colouring must colour every region, differ
 * across every border and cost what was reported, and that cost must equal the optimum a
 * different, sequential search finds (depth-first, cheapest colour first, pruned only by the cost
 * so far plus the cheapest colour for every region left). Tests also compare small maps with an
 * exhaustive enumeration of all proper colourings.
 */
final class MapColouringReference {

    static final String NAME = "MapColouring";
    /** Maps up to this size may be enumerated exhaustively (4^12 = 16.7 million leaves at most). */
    static final int EXHAUSTIVE_LIMIT = 12;

    private MapColouringReference() {
    }

    /** The optimum by sequential depth-first branch and bound with the simplest bound. */
    static int depthFirstOptimum(ColouringProblem p) {
        Integer[] order = new Integer[p.colours()];
        Arrays.setAll(order, c -> c);
        Arrays.sort(order, (a, b) -> Integer.compare(p.costs()[a], p.costs()[b]));
        int cheapest = p.costs()[order[0]];
        int[] colouring = new int[p.regions()];
        int[] best = {ColouringProblem.INFEASIBLE};
        new Object() {
            void colour(int region, int cost) {
                if (region == p.regions()) {
                    best[0] = Math.min(best[0], cost);
                    return;
                }
                for (int c : order) {
                    int next = cost + p.costs()[c];
                    if (next + cheapest * (p.regions() - region - 1) < best[0] && p.allowed(colouring, region, c)) {
                        colouring[region] = c;
                        colour(region + 1, next);
                    }
                }
            }
        }.colour(0, 0);
        return best[0];
    }

    /** The optimum over every proper colouring, enumerated without pruning (small maps only). */
    static int exhaustiveOptimum(ColouringProblem p) {
        if (p.regions() > EXHAUSTIVE_LIMIT) {
            throw new IllegalArgumentException("exhaustive search is for maps of at most " + EXHAUSTIVE_LIMIT
                    + " regions, not " + p.regions());
        }
        int[] colouring = new int[p.regions()];
        int[] best = {ColouringProblem.INFEASIBLE};
        new Object() {
            void colour(int region) {
                if (region == p.regions()) {
                    if (p.map().isProper(colouring)) {
                        best[0] = Math.min(best[0], p.cost(colouring));
                    }
                    return;
                }
                for (int c = 0; c < p.colours(); c++) {
                    colouring[region] = c;
                    colour(region + 1);
                }
            }
        }.colour(0);
        return best[0];
    }

    /** Checks a run's best colouring (cost first, then the colours); prints PASS or throws. */
    static void validate(ColouringProblem p, int[] best, String summary) {
        int cost = best[0];
        int optimum = depthFirstOptimum(p);
        Validation v = Validation.of(NAME);
        if (optimum == ColouringProblem.INFEASIBLE) {
            v.check(cost == ColouringProblem.INFEASIBLE, "no proper colouring exists (depth-first search agrees)",
                    "reported cost " + cost + " but depth-first search finds no proper colouring");
        } else {
            int[] colouring = Arrays.copyOfRange(best, 1, best.length);
            boolean complete = Arrays.stream(colouring).allMatch(c -> c >= 0 && c < p.colours());
            v.check(complete && p.map().isProper(colouring), "colouring proper",
                            "colouring " + Arrays.toString(colouring) + " is not a proper colouring of every region")
                    .check(complete && p.cost(colouring) == cost, "its cost = " + cost,
                            "the colouring costs " + (complete ? p.cost(colouring) : "?") + ", reported " + cost)
                    .check(cost == optimum, "optimal (depth-first search: " + optimum + ")",
                            "cost " + cost + " is not the optimum " + optimum + " (depth-first search)");
        }
        v.finish(cost, p + ", " + summary);
    }
}
