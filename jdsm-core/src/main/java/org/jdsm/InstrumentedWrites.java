package org.jdsm;

/**
 * Per thread: the blocks written through {@code writeCheck} since the thread's last
 * synchronization, which that synchronization publishes, and how many synchronizations the thread
 * has begun (instrumented code caches its checks while that count is unchanged).
 */
final class InstrumentedWrites {

    private final ThreadLocal<WrittenBlocks> written = ThreadLocal.withInitial(WrittenBlocks::new);
    private final ThreadLocal<int[]> syncs = ThreadLocal.withInitial(() -> new int[1]);

    /** The calling thread's blocks written since its last synchronization. */
    WrittenBlocks current() {
        return written.get();
    }

    /**
     * A synchronization begins: counts it and returns the calling thread's written blocks, which
     * the caller publishes and then clears.
     */
    WrittenBlocks beginSync() {
        syncs.get()[0]++;
        return written.get();
    }

    /** The calling thread's live synchronization counter (one element). */
    int[] syncCounter() {
        return syncs.get();
    }
}
