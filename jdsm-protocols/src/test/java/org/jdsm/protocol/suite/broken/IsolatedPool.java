package org.jdsm.protocol.suite.broken;

import org.jdsm.SharedObject;
import org.jdsm.SharedObjectPool;

/**
 * A protocol that is wrong on purpose: every node keeps its own copy of everything and never
 * talks to the others (locks and barriers only order the threads of one node). Used to show that
 * the consistency suite's checks do fail when a protocol breaks the contract.
 */
public final class IsolatedPool extends SharedObjectPool {

    @Override
    protected void onInit() {
    }

    @Override
    protected void updateBlock(SharedObject so, int block) {
    }

    @Override
    protected void acquireBlock(SharedObject so, int block) {
    }

    @Override
    protected void releaseBlock(SharedObject so, int block) {
    }

    @Override
    protected void acquireLock(long id) {
    }

    @Override
    protected void releaseLock(long id) {
    }

    @Override
    protected void nodeBarrier() {
    }

    @Override
    public void received(int fromNode, Object message) {
        throw new IllegalStateException("the isolated protocol sends no messages, got " + message);
    }
}
