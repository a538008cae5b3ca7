package org.jdsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatsTableTest {

    private static Map<String, Long> node(long fetches, long fetchWaitNanos) {
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("fetches", fetches);
        counters.put("fetch_wait_nanos", fetchWaitNanos);
        return counters;
    }

    @Test
    void aRowPerCounterAColumnPerNodeWithTimesInMilliseconds() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // a decimal comma must not reach the table
        try {
            String table = StatsTable.table(List.of(node(8192, 479_757_392), node(4160, 50_000)));
            assertEquals("""
                    JDSM statistics (times in ms, summed over each node's threads)
                    counter             node 0       node 1
                    fetches               8192         4160
                    fetch_wait_ms        479.8          0.1
                    """, table);
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void jsonKeepsTheExactValuesUnderTheirOwnNames() {
        assertEquals("[{\"node\":0,\"fetches\":8192,\"fetch_wait_nanos\":479757392},"
                        + "{\"node\":1,\"fetches\":4160,\"fetch_wait_nanos\":50000}]",
                StatsTable.json(List.of(node(8192, 479_757_392), node(4160, 50_000))));
    }
}
