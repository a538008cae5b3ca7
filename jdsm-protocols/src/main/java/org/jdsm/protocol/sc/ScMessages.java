package org.jdsm.protocol.sc;

import java.util.List;

/**
 * The wire messages of the sequential-consistency protocol. Block messages name the block by the
 * object's registration key and the block index.
 */
final class ScMessages {

    private ScMessages() {
    }

    /** To the home: send me a read copy. */
    record ReadRequest(int key, int block) {
    }

    /** To the home: make me the block's only writer. */
    record WriteRequest(int key, int block) {
    }

    /** From the home: a read copy; the receiver is now in the copyset. */
    record ReadGrant(int key, int block, Object content) {
    }

    /** From the home: exclusive ownership; {@code content} is null when the receiver's copy is already current. */
    record WriteGrant(int key, int block, Object content) {
    }

    /** From the home: drop your read copy and acknowledge. */
    record Invalidate(int key, int block) {
    }

    /** To the home: the read copy is gone. */
    record InvalidateAck(int key, int block) {
    }

    /** To the home: the owner's release; ownership ends, the sender keeps a read copy. */
    record WriteBack(int key, int block, Object content) {
    }

    /** Request to a lock's manager; answered when the sender holds the lock. */
    record LockRequest(long lock) {
    }

    /** To a lock's manager: the sender gives the lock up. */
    record LockRelease(long lock) {
    }

    /** Request to node 0: the sender reached the barrier; answered when every node has. */
    record BarrierArrive() {
    }

    /** Registration order with Kryo; the same on every node. */
    static List<Class<?>> classes() {
        return List.of(ReadRequest.class, WriteRequest.class, ReadGrant.class, WriteGrant.class, Invalidate.class,
                InvalidateAck.class, WriteBack.class, LockRequest.class, LockRelease.class, BarrierArrive.class);
    }
}
