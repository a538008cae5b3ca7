package org.jdsm.protocol.lrc;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One distributed lock as this node sees it. The token moves between nodes; a node that has it
 * keeps it after release (lock caching) until the manager forwards another node's request here.
 * Guarded by its own monitor.
 */
final class LockState {

    final long id;
    /** At the lock's manager: the last node that asked for the lock, or -1 (the manager itself). */
    final AtomicInteger tail = new AtomicInteger(-1);
    /** This node has the lock's token. */
    boolean token;
    /** A local thread holds the lock now. */
    boolean held;
    /** This node asked the manager for the token and waits for it. */
    boolean requested;
    /** The node to hand the token to after this node's turn, or -1. */
    int next = -1;
    /** What {@link #next} already knows. */
    int[] nextVc;
    /** For a block lock: what {@link #next}'s copy of the block includes (null: no copy). */
    int[] nextHave;

    LockState(long id, boolean token) {
        this.id = id;
        this.token = token;
    }
}
