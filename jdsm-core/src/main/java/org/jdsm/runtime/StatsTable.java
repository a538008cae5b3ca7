package org.jdsm.runtime;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Formats every node's counters as one table and as JSON. The table has a row per counter and a
 * column per node, so that its width grows with the nodes rather than with the counters, and shows
 * times (counters named {@code *_nanos}) in milliseconds as {@code *_ms}; the JSON keeps every
 * counter's name and exact value.
 */
public final class StatsTable {

    private static final String NANOS = "_nanos";

    private StatsTable() {
    }

    /** @param perNode for each rank, counter name to value (same keys on every node) */
    public static String table(List<Map<String, Long>> perNode) {
        List<String> counters = List.copyOf(perNode.get(0).keySet());
        int nameWidth = "counter".length();
        for (String c : counters) {
            nameWidth = Math.max(nameWidth, shownName(c).length());
        }
        StringBuilder sb = new StringBuilder("JDSM statistics (times in ms, summed over each node's threads)\n");
        sb.append(String.format("%-" + nameWidth + "s", "counter"));
        for (int node = 0; node < perNode.size(); node++) {
            sb.append(String.format(" %12s", "node " + node));
        }
        sb.append('\n');
        for (String c : counters) {
            sb.append(String.format("%-" + nameWidth + "s", shownName(c)));
            for (Map<String, Long> counts : perNode) {
                long value = counts.get(c);
                sb.append(c.endsWith(NANOS) ? String.format(Locale.ROOT, " %12.1f", value / 1e6) : String.format(" %12d", value));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String shownName(String counter) {
        return counter.endsWith(NANOS) ? counter.substring(0, counter.length() - NANOS.length()) + "_ms" : counter;
    }

    /** The same data as a JSON array of objects. */
    public static String json(List<Map<String, Long>> perNode) {
        StringBuilder sb = new StringBuilder("[");
        for (int node = 0; node < perNode.size(); node++) {
            sb.append(node == 0 ? "" : ",").append("{\"node\":").append(node);
            perNode.get(node).forEach((k, v) -> sb.append(",\"").append(k).append("\":").append(v));
            sb.append('}');
        }
        return sb.append(']').toString();
    }
}
