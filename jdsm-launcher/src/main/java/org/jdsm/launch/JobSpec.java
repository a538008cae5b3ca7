package org.jdsm.launch;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to run: a job class from a jar or class directory, on how many nodes and threads, with which
 * consistency protocol and comm module. Independent of where the job runs ({@code jdsm run} here;
 * a cluster submission takes the same description).
 *
 * @param jobPath        the job's jar or class directory
 * @param jobClass       fully qualified name of the {@code org.jdsm.Spmd} subclass
 * @param args           the job's arguments ({@code Spmd.args()})
 * @param nodes          number of nodes
 * @param threadsPerNode threads running {@code start()} on each node
 * @param protocol       consistency protocol name ({@code lrc}, {@code sc})
 * @param comm           comm module name ({@code netty}, {@code local})
 * @param stats          print the statistics table at the end
 * @param jvmArgs        extra options for every node JVM ({@code -Xmx2g}, {@code -Dkey=value})
 * @param nodeJavas      the {@code java} commands (or JDK directories) for the node JVMs, rank r
 *                       taking entry r modulo their number; empty: the launcher's own
 */
public record JobSpec(Path jobPath, String jobClass, List<String> args, int nodes, int threadsPerNode,
                      String protocol, String comm, boolean stats, List<String> jvmArgs, List<String> nodeJavas) {

    public JobSpec {
        Objects.requireNonNull(jobPath, "jobPath");
        Objects.requireNonNull(jobClass, "jobClass");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(comm, "comm");
        if (nodes < 1) {
            throw new IllegalArgumentException("the number of nodes must be at least 1, got " + nodes);
        }
        if (threadsPerNode < 1) {
            throw new IllegalArgumentException("the number of threads per node must be at least 1, got " + threadsPerNode);
        }
        args = List.copyOf(args);
        jvmArgs = List.copyOf(jvmArgs);
        nodeJavas = List.copyOf(nodeJavas);
    }
}
