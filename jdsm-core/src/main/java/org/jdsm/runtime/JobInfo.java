package org.jdsm.runtime;

import java.util.List;

/** The shape of a running job as one node sees it. */
public record JobInfo(int myNode, int nodes, int threadsPerNode, List<String> args) {
    public JobInfo {
        args = List.copyOf(args);
    }
}
