package org.jdsm.samples.mapcolour;

import java.util.Arrays;

/**
 * The best colouring found so far by any thread: read at intervals to prune, offered each new find.
 * Both implementations keep it in one {@code int[]}: the cost, then the colour of each region.
 */
interface BestBound {

    /** The cost of the best colouring any thread has offered so far ({@link ColouringProblem#INFEASIBLE} if none). */
    int poll();

    /** Offers a complete colouring of cost {@code cost}; kept if cheaper than the best. Returns the best cost after. */
    int offer(int cost, int[] colouring);

    /** A best array for {@code regions} regions holding no colouring yet. */
    static int[] none(int regions) {
        int[] best = new int[regions + 1];
        Arrays.fill(best, -1);
        best[0] = ColouringProblem.INFEASIBLE;
        return best;
    }

    /** Stores the colouring in {@code best} if it is cheaper; returns the best cost after. The caller holds the lock. */
    static int keepCheaper(int[] best, int cost, int[] colouring) {
        if (cost < best[0]) {
            best[0] = cost;
            System.arraycopy(colouring, 0, best, 1, colouring.length);
        }
        return best[0];
    }
}
