package org.jdsm.runtime;

import java.util.List;
import org.jdsm.comm.CommConfig;

/**
 * How to run one node of a job.
 *
 * @param comm           name of the Comm module ({@code netty}, {@code local}, ...)
 * @param commConfig     rank, size, secret and addresses
 * @param protocol       name of the consistency protocol ({@code lrc}, {@code sc})
 * @param threadsPerNode threads running {@code start()} on this node
 * @param jobClass       fully qualified name of the {@code Spmd} subclass
 * @param loader         class loader that sees the job's classes
 * @param args           the job's arguments
 * @param stats          print the statistics table at the end (node 0)
 */
public record NodeConfig(String comm, CommConfig commConfig, String protocol, int threadsPerNode,
                         String jobClass, ClassLoader loader, List<String> args, boolean stats) {
    public NodeConfig {
        if (threadsPerNode < 1) {
            throw new IllegalArgumentException("threads per node must be at least 1, got " + threadsPerNode);
        }
        args = List.copyOf(args);
    }
}
