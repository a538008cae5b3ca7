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

    /**
     * The mutex of lock {@code id}: a block's, or that of an object or named lock, made on first use
     * with {@code label} (the lock's name or shared object) to name it in errors.
     */
    HolderMutex lock(long id, Object label) {
        if (LockIds.isBlock(id)) {
            return blocks.get(LockIds.keyOf(id))[LockIds.blockOf(id)];
        }
        HolderMutex m = locks.computeIfAbsent(id, k -> new HolderMutex(label));
        if (label instanceof String name && m.label() instanceof String other && !name.equals(other)) {
            // Two names, one id (LockIds.named): sharing the lock could make a legal program wait for ever.
            throw new DsmException("lock(\"" + name + "\") and lock(\"" + other + "\") map to one lock id: rename one of them");
        }
        return m;
    }

    /** The mutex of lock {@code id} if it was ever taken on this node, else null. */
    HolderMutex existingLock(long id) {
        return LockIds.isBlock(id) ? blocks.get(LockIds.keyOf(id))[LockIds.blockOf(id)] : locks.get(id);
    }

    /** What {@code who} holds, described for an error (the first found), or null if nothing. */
    String heldBy(Object who, Registry registry) {
        String block = blockHeldBy(who, registry);
        if (block != null) {
            return block;
        }
        for (HolderMutex m : locks.values()) {
            if (m.heldBy(who)) {
                return m.label() instanceof String name ? "lock(\"" + name + "\")" : "lock(" + Registry.describe(m.label()) + ")";
            }
        }
        return null;
    }

    /** The first block {@code who} holds, described for an error, or null if none. */
    String blockHeldBy(Object who, Registry registry) {
        for (int key = 0; key < blocks.size(); key++) {
            HolderMutex[] mutexes = blocks.get(key);
            for (int b = 0; b < mutexes.length; b++) {
                if (mutexes[b].heldBy(who)) {
                    String block = mutexes.length == 1 ? "" : "block " + b + " of ";
                    return block + registry.get(key) + " (taken with acquire)";
                }
            }
        }
        return null;
    }
}
