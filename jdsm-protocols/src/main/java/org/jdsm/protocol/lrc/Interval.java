package org.jdsm.protocol.lrc;

/**
 * One closed interval of a node's history: node {@code node}'s {@code seq}-th release that published
 * writes, and the blocks (as {@link org.jdsm.LockIds#block} ids) it wrote: its write notices.
 */
record Interval(int node, int seq, long[] blocks) {
}
