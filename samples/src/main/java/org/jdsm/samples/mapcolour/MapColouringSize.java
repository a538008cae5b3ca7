package org.jdsm.samples.mapcolour;

import java.util.Arrays;
import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** Parses a map colouring problem: the first {@code STATES} eastern US states (29, Hyperion's map) and the colours' costs (1 2 3 4). */
final class MapColouringSize {

    static final String USAGE = "MapColouring [STATES] [COST...]";
    private static final int STATES = 29;
    private static final int[] COSTS = {1, 2, 3, 4};

    private MapColouringSize() {
    }

    static ColouringProblem parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        int states = a.positive(0, STATES);
        a.require(states <= STATES, "STATES must be at most " + STATES);
        int[] costs = COSTS;
        if (args.size() > 1) {
            costs = new int[args.size() - 1];
            for (int c = 0; c < costs.length; c++) {
                costs[c] = a.positive(c + 1, 0);
            }
        }
        // Small enough that no bound overflows an int (29 regions x 10^6).
        a.require(costs.length <= 8, "at most 8 colours");
        a.require(Arrays.stream(costs).allMatch(c -> c <= 1_000_000), "every COST must be at most 1000000");
        return new ColouringProblem(StateMap.easternUs(states), costs);
    }
}
