package org.jdsm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link HolderMutex}es that keep the threads of one node apart: one per block of every
 * registered object, in arrays indexed by object key and block (created at registration, so the
 * hot path does no map lookup and no boxing), and one per other lock id, made on first use.
 */
final class LocalExclusion {

    private final List<HolderMutex[]> blocks = new ArrayList<>();
    private final ConcurrentHashMap<Long, HolderMutex> locks = new ConcurrentHashMap<>();

    /** Makes the block mutexes of a newly registered object (keys are dense and registered in order). */
    void registered(SharedObject so) {
        HolderMutex[] mutexes = new HolderMutex[so.blockCount()];
        for (int b = 0; b < mutexes.length; b++) {
            mutexes[b] = new HolderMutex();
        }
        blocks.add(mutexes);
    }

    /** The mutex of block {@code b} of {@code so}. */
    HolderMutex block(SharedObject so, int b) {
        return blocks.get(so.key())[b];
    }

    /** The mutexes of every block of {@code so}, indexed by block (for loops over a range). */
    HolderMutex[] blocks(SharedObject so) {
        return blocks.get(so.key());
    }

    /** The mutex of lock {@code id}: a block's, or that of an object or named lock. */
    HolderMutex lock(long id) {
        if (LockIds.isBlock(id)) {
            return blocks.get(LockIds.keyOf(id))[LockIds.blockOf(id)];
        }
        return locks.computeIfAbsent(id, k -> new HolderMutex());
    }
}
