package org.jdsm;

/** How the blocks of a shared array are assigned home nodes. */
public enum Distribution {
    /** Contiguous runs of blocks per node: node k is home of the k-th share (owner-computes friendly). */
    BLOCK,
    /** Block b lives on node b mod nodes. */
    CYCLIC;

    int home(int block, int blocks, int nodes) {
        return this == CYCLIC ? block % nodes : (int) ((long) block * nodes / blocks);
    }
}
