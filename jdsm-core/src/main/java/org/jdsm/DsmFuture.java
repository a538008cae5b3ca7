package org.jdsm;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The result of {@code updateAsync}/{@code acquireAsync}: the operation runs in the background;
 * {@link #touch()} blocks until it is done and returns the shared object.
 */
public final class DsmFuture {

    private final SharedObjectPool pool;
    private final CompletableFuture<Object> future;

    DsmFuture(SharedObjectPool pool, CompletableFuture<Object> future) {
        this.pool = pool;
        this.future = future;
    }

    /**
     * Waits for the operation and returns the shared object; rethrows its failure. Like every DSM
     * wait, it ends when the job is stopping, and a long one is reported naming this call. As
     * {@link java.util.concurrent.Future#get}, an interrupt ends it, with a {@link DsmException}
     * caused by the {@link InterruptedException} (the thread stays interrupted); the operation goes
     * on, and a later {@code touch()} waits for it again.
     */
    public Object touch() {
        try {
            return pool.awaitOutcome(future, true);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new DsmException("asynchronous DSM operation failed: " + cause, cause);
        }
    }

    /** True once the operation has finished (successfully or not). */
    public boolean isDone() {
        return future.isDone();
    }
}
