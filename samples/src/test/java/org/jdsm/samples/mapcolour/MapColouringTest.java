package org.jdsm.samples.mapcolour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jdsm.samples.support.SampleContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MapColouringTest extends SampleContract {

    MapColouringTest() {
        super(MapColouring.class, MapColouringReference.NAME, List.of("16"), MapColouringPlain::run,
                args -> MapColouringReference.depthFirstOptimum(MapColouringSize.parse(args)));
    }

    /** Small maps against every proper colouring, at shapes where threads outnumber or match the starting states. */
    @ParameterizedTest(name = "{0} states, costs {1}, {2} {3}x{4}")
    @CsvSource({
        "5, 1 2 3 4, lrc, 2, 2",
        "8, 4 1 3 2, sc, 3, 1",
        "10, 7 2 5 3, lrc, 3, 2",
        "12, 1 2 3 4, sc, 2, 2",
        "12, 9 9 1 5, lrc, 4, 1",
    })
    @Timeout(60)
    void smallMapsMatchExhaustiveSearch(int states, String costs, String protocol, int nodes, int threadsPerNode) {
        List<String> args = new ArrayList<>(List.of(String.valueOf(states)));
        args.addAll(List.of(costs.split(" ")));
        int exhaustive = MapColouringReference.exhaustiveOptimum(MapColouringSize.parse(args));
        assertEquals(exhaustive, runJob(protocol, nodes, threadsPerNode, args));
        assertEquals(exhaustive, MapColouringPlain.run(2, args));
        assertEquals(exhaustive, MapColouringReference.depthFirstOptimum(MapColouringSize.parse(args)));
    }

    @Test
    @Timeout(10)
    void theMapHasHyperionsTwentyNineStatesWithSymmetricBorders() {
        StateMap map = StateMap.easternUs(29);
        assertEquals(29, map.size());
        assertEquals(56, Arrays.stream(map.neighbours()).mapToInt(n -> n.length).sum() / 2);
        for (int u = 0; u < map.size(); u++) {
            for (int v : map.neighbours()[u]) {
                int back = u;
                assertTrue(Arrays.stream(map.neighbours()[v]).anyMatch(w -> w == back),
                        map.names().get(u) + "-" + map.names().get(v));
            }
        }
        // Tennessee borders eight states, all of them on this map.
        assertEquals(8, map.neighbours()[map.names().indexOf("TN")].length);
    }

    @Test
    @Timeout(60)
    void twoColoursCannotColourNewEnglandAndEveryShapeSaysSo() {
        // New Hampshire, Vermont and Massachusetts border each other.
        List<String> args = List.of("5", "1", "2");
        assertEquals(ColouringProblem.INFEASIBLE, runJob("lrc", 2, 1, args));
        assertEquals(ColouringProblem.INFEASIBLE, MapColouringPlain.run(2, args));
    }

    @Test
    @Timeout(10)
    void aColouringThatBreaksABorderFails() {
        ColouringProblem p = MapColouringSize.parse(List.of("3"));
        int[] best = {3, 0, 0, 0}; // ME, NH, VT all colour 0: NH borders both
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MapColouringReference.validate(p, best, "bad"));
        assertTrue(e.getMessage().startsWith("MapColouring FAIL: colouring [0, 0, 0] is not a proper colouring"),
                e.getMessage());
    }

    @Test
    @Timeout(10)
    void tooManyStatesIsAUsageError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MapColouringSize.parse(List.of("30")));
        assertEquals("usage: MapColouring [STATES] [COST...]; STATES must be at most 29", e.getMessage());
    }
}
