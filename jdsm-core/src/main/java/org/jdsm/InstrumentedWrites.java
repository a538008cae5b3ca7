package org.jdsm;

import java.util.List;
import java.util.function.LongConsumer;

/**
 * Per thread: the blocks written through {@code writeCheck} since the thread's last
 * synchronization, which that synchronization publishes, and how many synchronizations the thread
 * has begun (instrumented code caches its checks while that count is unchanged).
 */
final class InstrumentedWrites {

    private final ThreadLocal<WrittenBlocks> written = ThreadLocal.withInitial(WrittenBlocks::new);
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
        WrittenBlocks blocks = written.get();
        if (blocks.isEmpty()) {
            return;
        }
        for (long id : blocks.all()) {
            end.accept(id);
        }
        blocks.clear();
    }

    /** True if the calling thread has written a block ordered after block lock {@code id}. */
    boolean holdsAfter(long id) {
        return written.get().holdsAfter(id);
    }

    /**
     * Gives up the calling thread's written blocks ordered after {@code id}: hands each to
     * {@code end} (publishing it, as a synchronization would) and returns them in ascending order.
     */
    List<Long> yieldAfter(long id, LongConsumer end) {
        WrittenBlocks blocks = written.get();
        if (!blocks.holdsAfter(id)) {
            return List.of();
        }
        List<Long> after = blocks.removeAfter(id);
        after.forEach(end::accept);
        return after;
    }

    /** Takes back, in the given (ascending) order, blocks {@link #yieldAfter} gave up: {@code start} each, then record it. */
    void retake(List<Long> ids, LongConsumer start) {
        WrittenBlocks blocks = written.get();
        for (long id : ids) {
            start.accept(id);
            blocks.add(id);
        }
    }

    /** The calling thread's live synchronization counter (one element). */
    int[] syncCounter() {
        return syncs.get();
    }
}
