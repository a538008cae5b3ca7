package org.jdsm.launch.cluster;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.launch.LaunchException;

/**
 * Expands a Slurm host list ({@code SLURM_JOB_NODELIST}, e.g. {@code node[01-03,7],gpu1}) into
 * host names, keeping the zero padding of ranges.
 */
public final class SlurmHosts {

    /** Refuses lists that would expand to absurd sizes (a typo like {@code [1-1000000]}). */
    private static final int MAX_HOSTS = 100_000;

    private SlurmHosts() {
    }

    /** The hosts of {@code list}, in order. */
    public static List<String> expand(String list) {
        List<String> hosts = new ArrayList<>();
        for (String item : splitTopLevel(list)) {
            int open = item.indexOf('[');
            if (open < 0) {
                hosts.add(item);
                continue;
            }
            int close = item.indexOf(']', open);
            if (close < 0) {
                throw new LaunchException("bad Slurm host list '" + list + "': missing ]");
            }
            String prefix = item.substring(0, open);
            String suffix = item.substring(close + 1);
            for (String range : item.substring(open + 1, close).split(",")) {
                expandRange(prefix, range, suffix, hosts, list);
            }
        }
        return hosts;
    }

    private static void expandRange(String prefix, String range, String suffix, List<String> hosts, String list) {
        String[] ends = range.split("-", 2);
        try {
            int from = Integer.parseInt(ends[0]);
            int to = ends.length == 2 ? Integer.parseInt(ends[1]) : from;
            if (to < from || hosts.size() + (to - from) > MAX_HOSTS) {
                throw new LaunchException("bad Slurm host list '" + list + "': range " + range);
            }
            for (int i = from; i <= to; i++) {
                hosts.add(prefix + String.format("%0" + ends[0].length() + "d", i) + suffix);
            }
        } catch (NumberFormatException e) {
            throw new LaunchException("bad Slurm host list '" + list + "': range " + range, e);
        }
    }

    /** Splits at the commas that are not inside brackets. */
    private static List<String> splitTopLevel(String list) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            if (c == ',' && depth == 0) {
                items.add(list.substring(start, i));
                start = i + 1;
            }
        }
        items.add(list.substring(start));
        items.removeIf(String::isBlank);
        return items;
    }
}
