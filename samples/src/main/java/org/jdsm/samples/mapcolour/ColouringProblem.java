package org.jdsm.samples.mapcolour;

import java.util.Arrays;

/**
 * Minimal-cost map colouring: give every region one of the colours so that bordering regions
 * differ, minimizing the sum of the colours' costs. Regions are coloured in the map's order.
 *
 * @param map   the regions and borders
 * @param costs the cost of each colour
 */
record ColouringProblem(StateMap map, int[] costs) {

    /** No colouring: a bound no search state reaches. */
    static final int INFEASIBLE = Integer.MAX_VALUE;

    int regions() {
        return map.size();
    }

    int colours() {
        return costs.length;
    }

    /** True if region {@code region} may take {@code colour} given the regions before it in {@code colouring}. */
    boolean allowed(int[] colouring, int region, int colour) {
        for (int v : map.neighbours()[region]) {
            if (v < region && colouring[v] == colour) {
                return false;
            }
        }
        return true;
    }

    /**
     * A lower bound on every completion of {@code colouring}'s first {@code depth} regions (of cost
     * {@code cost}): each uncoloured region adds the cheapest colour none of its coloured neighbours
     * has; {@link #INFEASIBLE} if some region has none left.
     */
    int bound(int[] colouring, int depth, int cost) {
        long sum = cost;
        for (int u = depth; u < regions(); u++) {
            int cheapest = INFEASIBLE;
            for (int c = 0; c < colours(); c++) {
                if (costs[c] < cheapest && freeAmongColoured(colouring, depth, u, c)) {
                    cheapest = costs[c];
                }
            }
            if (cheapest == INFEASIBLE) {
                return INFEASIBLE;
            }
            sum += cheapest;
        }
        return (int) Math.min(sum, INFEASIBLE - 1);
    }

    private boolean freeAmongColoured(int[] colouring, int depth, int region, int colour) {
        for (int v : map.neighbours()[region]) {
            if (v < depth && colouring[v] == colour) {
                return false;
            }
        }
        return true;
    }

    /** The cost of a complete colouring. */
    int cost(int[] colouring) {
        int sum = 0;
        for (int c : colouring) {
            sum += costs[c];
        }
        return sum;
    }

    @Override
    public String toString() {
        return map + ", colour costs " + Arrays.toString(costs);
    }
}
