package org.jdsm.runtime;

import java.util.List;
import java.util.Map;

/** Formats every node's counters as one table (rows: nodes) and as JSON. */
public final class StatsTable {

    private StatsTable() {
    }

    /** @param perNode for each rank, counter name to value (same keys on every node) */
    public static String table(List<Map<String, Long>> perNode) {
        List<String> columns = List.copyOf(perNode.get(0).keySet());
        StringBuilder sb = new StringBuilder("JDSM statistics\n");
        sb.append(String.format("%-5s", "node"));
        for (String c : columns) {
            sb.append(String.format(" %" + Math.max(10, c.length()) + "s", c));
        }
        sb.append('\n');
        for (int node = 0; node < perNode.size(); node++) {
            sb.append(String.format("%-5d", node));
            for (String c : columns) {
                sb.append(String.format(" %" + Math.max(10, c.length()) + "d", perNode.get(node).get(c)));
            }
            sb.append('\n');
        }
        return sb.toString();
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
