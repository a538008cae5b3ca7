package org.jdsm.launch.cluster;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.launch.HostSuffix;
import org.jdsm.launch.LaunchException;

/**
 * Which host runs which rank: hostfile lines ({@code host[:slots]}, an IPv6 address as {@code ::1} or
 * {@code [::1]:slots}, {@code #} comments) are filled
 * in order, each host with up to its slots (default 1) ranks, as MPI's hostfiles do.
 */
public final class Placement {

    private Placement() {
    }

    /** The host of each rank, rank 0 first. */
    public static List<String> ranks(List<String> hostLines, int nodes) {
        List<String> hosts = new ArrayList<>();
        for (String raw : hostLines) {
            String line = raw.replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            HostSuffix parsed = HostSuffix.parse(line);
            String host = parsed.host();
            // Found here, not by ssh on the gateway: a blank inside is a typo, a leading '-' would be an ssh option.
            if (host.isEmpty() || host.startsWith("-") || !host.equals(host.replaceAll("\\s", "")) || parsed.hasStrayBracket()) {
                throw new LaunchException("bad hostfile line '" + raw + "': expected 'host' or 'host:slots' ([IPv6]:slots)");
            }
            int slots = parsed.suffix() == null ? 1 : slots(parsed.suffix(), raw);
            for (int s = 0; s < slots && hosts.size() < nodes; s++) {
                hosts.add(host);
            }
        }
        if (hosts.isEmpty()) {
            // Not "0 slot(s) ... give a host more": there is no host to give more to.
            throw new LaunchException("no hosts to run on: the list names none (one 'host' or 'host:slots' a line)");
        }
        if (hosts.size() < nodes) {
            throw new LaunchException("the hosts have " + hosts.size() + " slot(s) in all, but the job needs " + nodes
                    + " (give a host more with host:slots)");
        }
        return hosts;
    }

    private static int slots(String text, String line) {
        try {
            int slots = Integer.parseInt(text.strip());
            if (slots >= 1) {
                return slots;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new LaunchException("bad hostfile line '" + line + "': slots must be a number of at least 1");
    }
}
