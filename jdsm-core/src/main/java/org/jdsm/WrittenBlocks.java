package org.jdsm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One thread's blocks written through {@link SharedObjectPool#writeCheck} since its last
 * synchronization, as block-lock ids ({@link LockIds#block}). Knows the largest id, so asking
 * whether the thread holds a block ordered after another is a compare in the usual case.
 */
final class WrittenBlocks {

    private final Set<Long> ids = new HashSet<>();
    private long max = -1;

    boolean contains(long id) {
        return ids.contains(id);
    }

    void add(long id) {
        ids.add(id);
        max = Math.max(max, id);
    }

    boolean isEmpty() {
        return ids.isEmpty();
    }

    /** Every id, in no particular order. */
    Iterable<Long> all() {
        return ids;
    }

    void clear() {
        ids.clear();
        max = -1;
    }

    /** True if some written block is ordered after {@code id}. */
    boolean holdsAfter(long id) {
        return max > id;
    }

    /** Removes and returns the written blocks ordered after {@code id}, in ascending order. */
    List<Long> removeAfter(long id) {
        List<Long> after = new ArrayList<>();
        max = -1;
        for (long held : ids) {
            if (held > id) {
                after.add(held);
            } else {
                max = Math.max(max, held);
            }
        }
        ids.removeAll(after);
        after.sort(null);
        return after;
    }
}
