package org.jdsm.samples.mapcolour;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Hyperion's branch and bound for one thread: search states in a priority queue that first
 * prefers states in the bottom half of the tree (to find complete colourings early, which prunes
 * the rest) and then lower bounds; a state is dropped once its bound is not below the best cost
 * known. The shared best is polled every {@value #POLL_INTERVAL} expansions.
 */
final class BranchAndBound {

    static final int POLL_INTERVAL = 256;
    /** Hyperion's initial breadth-first expansion: this many states, one per thread of its runs. */
    static final int ROOTS = 64;

    private BranchAndBound() {
    }

    /** Searches below {@code roots}, offering complete colourings to {@code best}; returns the states expanded. */
    static long search(ColouringProblem p, List<Partial> roots, BestBound best) {
        int half = p.regions() / 2;
        PriorityQueue<Partial> queue = new PriorityQueue<>(
                Comparator.comparingInt((Partial s) -> s.depth() >= half ? 0 : 1)
                        .thenComparingInt(Partial::bound)
                        .thenComparingInt(s -> -s.depth()));
        queue.addAll(roots);
        int known = best.poll();
        long expanded = 0;
        while (!queue.isEmpty()) {
            Partial s = queue.poll();
            if (s.bound() >= known) {
                continue;
            }
            if (s.complete()) {
                known = best.offer(s.cost(), s.colouring());
                continue;
            }
            if (++expanded % POLL_INTERVAL == 0) {
                known = Math.min(known, best.poll());
            }
            for (Partial child : s.children(p)) {
                if (child.bound() < known) {
                    queue.add(child);
                }
            }
        }
        return expanded;
    }

    /**
     * The search tree's levels expanded breadth-first, single-threaded, until one holds at least
     * {@code atLeast} states (or the colourings are complete): the starting states the threads share out.
     */
    static List<Partial> roots(ColouringProblem p, int atLeast) {
        List<Partial> level = List.of(Partial.root(p));
        while (level.size() < atLeast && !level.get(0).complete()) {
            List<Partial> next = new ArrayList<>();
            for (Partial s : level) {
                next.addAll(s.children(p));
            }
            if (next.isEmpty()) {
                break;
            }
            level = next;
        }
        return level;
    }

    /** The roots thread {@code thread} of {@code threads} searches: Hyperion's round-robin deal. */
    static List<Partial> share(List<Partial> roots, int thread, int threads) {
        List<Partial> mine = new ArrayList<>();
        for (int i = thread; i < roots.size(); i += threads) {
            mine.add(roots.get(i));
        }
        return mine;
    }
}
