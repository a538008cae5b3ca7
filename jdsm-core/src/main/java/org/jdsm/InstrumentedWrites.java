package org.jdsm;

import java.util.HashSet;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Per thread: the blocks written through {@code writeCheck} since the thread's last
 * synchronization, which that synchronization publishes, and how many synchronizations the thread
 * has begun (instrumented code caches its checks while that count is unchanged).
 */
final class InstrumentedWrites {

    private final ThreadLocal<Set<Long>> written = ThreadLocal.withInitial(HashSet::new);
    private final ThreadLocal<int[]> syncs = ThreadLocal.withInitial(() -> new int[1]);

    /** True if the calling thread has written block lock {@code id} since its last synchronization. */
    boolean hasWritten(long id) {
        return written.get().contains(id);
    }

    /** The calling thread has started writing block lock {@code id}. */
    void wrote(long id) {
        written.get().add(id);
    }

    /** A synchronization begins: counts it, hands each block the thread wrote to {@code end}, then forgets them. */
    void beginSync(LongConsumer end) {
        syncs.get()[0]++;
        Set<Long> blocks = written.get();
        if (blocks.isEmpty()) {
            return;
        }
        for (long id : blocks) {
            end.accept(id);
        }
        blocks.clear();
    }

    /** The calling thread's live synchronization counter (one element). */
    int[] syncCounter() {
        return syncs.get();
    }
}
