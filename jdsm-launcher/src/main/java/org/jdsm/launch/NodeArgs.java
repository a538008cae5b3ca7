package org.jdsm.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of a node JVM ({@link NodeMain}), written by launchers and read by the node.
 * It carries nothing secret: anyone on the machine can read a command line with {@code ps}, so the
 * job secret travels in the environment ({@link NodeEnv}).
 *
 * @param rank           this node's rank, 0-based
 * @param nodes          number of nodes in the job
 * @param threadsPerNode threads running {@code start()}
 * @param protocol       consistency protocol name
 * @param comm           comm module name
 * @param jobId          identifies the job; bound into the authentication of every connection
 * @param jobPath        the job's jar or class directory
 * @param jobClass       the {@code Spmd} subclass
 * @param stats          print the statistics table at the end
 * @param watchPid       the node exits when this process is gone (its launcher); -1 for none
 * @param args           the job's arguments
 */
public record NodeArgs(int rank, int nodes, int threadsPerNode, String protocol, String comm, String jobId,
                       Path jobPath, String jobClass, boolean stats, long watchPid, List<String> args) {

    private static final List<String> VALUED = List.of("--rank", "--nodes", "--threads", "--protocol", "--comm",
            "--job-id", "--job-path", "--class", "--watch-pid");
    private static final String STATS = "--stats";
    private static final String END = "--";

    public NodeArgs {
        args = List.copyOf(args);
    }

    /** The same node arguments for rank {@code rank}. */
    public NodeArgs withRank(int rank) {
        return new NodeArgs(rank, nodes, threadsPerNode, protocol, comm, jobId, jobPath, jobClass, stats, watchPid, args);
    }

    /** The same node arguments with the job's classes at {@code path}. */
    public NodeArgs withJobPath(Path path) {
        return new NodeArgs(rank, nodes, threadsPerNode, protocol, comm, jobId, path, jobClass, stats, watchPid, args);
    }

    /** The arguments to put after {@code NodeMain} on a command line. */
    public List<String> toArgs() {
        List<String> out = new ArrayList<>(List.of(
                "--rank", Integer.toString(rank), "--nodes", Integer.toString(nodes),
                "--threads", Integer.toString(threadsPerNode), "--protocol", protocol, "--comm", comm,
                "--job-id", jobId, "--job-path", jobPath.toString(), "--class", jobClass,
                "--watch-pid", Long.toString(watchPid)));
        if (stats) {
            out.add(STATS);
        }
        out.add(END);
        out.addAll(args);
        return out;
    }

    /** Reads what {@link #toArgs()} wrote; fails naming the offending argument. */
    public static NodeArgs parse(String[] argv) {
        Map<String, String> values = new HashMap<>();
        boolean stats = false;
        int i = 0;
        while (i < argv.length && !argv[i].equals(END)) {
            String name = argv[i];
            if (name.equals(STATS)) {
                stats = true;
                i++;
            } else if (VALUED.contains(name) && i + 1 < argv.length) {
                values.put(name, argv[i + 1]);
                i += 2;
            } else {
                throw new IllegalArgumentException(VALUED.contains(name) ? name + " needs a value" : "unknown argument " + name);
            }
        }
        List<String> args = i < argv.length ? Arrays.asList(argv).subList(i + 1, argv.length) : List.of();
        return new NodeArgs(integer(values, "--rank"), integer(values, "--nodes"), integer(values, "--threads"),
                required(values, "--protocol"), required(values, "--comm"), required(values, "--job-id"),
                Path.of(required(values, "--job-path")), required(values, "--class"), stats,
                Long.parseLong(values.getOrDefault("--watch-pid", "-1")), args);
    }

    private static String required(Map<String, String> values, String name) {
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("missing " + name);
        }
        return v;
    }

    private static int integer(Map<String, String> values, String name) {
        String v = required(values, name);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a number, got '" + v + "'", e);
        }
    }
}
