package org.jdsm.runtime;

import java.util.List;
import java.util.Objects;

/**
 * The shape of a running job as one node sees it.
 *
 * @param clientFiles the files of the machine the job was started from
 */
public record JobInfo(int myNode, int nodes, int threadsPerNode, List<String> args, ClientFiles clientFiles) {
    public JobInfo {
        args = List.copyOf(args);
        Objects.requireNonNull(clientFiles, "clientFiles");
    }
}
