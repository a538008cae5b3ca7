package org.jdsm.protocol.suite;

import org.jdsm.Spmd;

/**
 * Three nodes with fixed roles, for the time counters and flight-recorder events: node 0 is the home
 * of a one-block array and only takes part in the barriers; node 1 writes the whole block under its
 * write lock (remote under LRC: the home manages it) and takes a named lock; node 2 takes the same
 * named lock and reads the block after the barrier, which needs a fetch from node 0.
 */
public final class RemoteWriteJob extends Spmd {

    /** Elements of the shared block; every one of them is written. */
    public static final int LENGTH = 1024;
    /** The named lock nodes 1 and 2 take. */
    public static final String LOCK = "observed";

    private long[] data;

    @Override
    public void init() {
        data = pool.register(new long[LENGTH], LENGTH);
    }

    @Override
    public void start() {
        Check.equal(3, nodes(), () -> "nodes (the roles need exactly three)");
        Check.equal(0, pool.registered(data).home(0), () -> "home of the block");
        if (myNode() == 1) {
            pool.acquire(data, 0);
            for (int i = 0; i < LENGTH; i++) {
                data[i] = i + 1;
            }
            pool.release(data, 0);
        }
        if (myNode() != 0) {
            pool.lock(LOCK);
            pool.unlock(LOCK);
        }
        barrier();
        if (myNode() == 2) {
            pool.update(data, 0);
            for (int i = 0; i < LENGTH; i++) {
                int index = i;
                Check.equal(i + 1, data[i], () -> "element " + index + " after the barrier");
            }
        }
        barrier();
    }
}
