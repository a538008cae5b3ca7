package org.jdsm;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * A node's helper threads: they run asynchronous operations ({@code updateAsync},
 * {@code acquireAsync}) and work that must not run on the calling thread.
 */
final class HelperThreads {

    private final ExecutorService executor;

    HelperThreads(int node) {
        executor = Executors.newCachedThreadPool(r -> new Helper(r, "jdsm-async-n" + node));
    }

    /** True on a helper thread: its waits are for a user thread, which reports them if it waits too ({@code touch()}). */
    static boolean isHelper() {
        return Thread.currentThread() instanceof Helper;
    }

    private static final class Helper extends Thread {
        Helper(Runnable task, String name) {
            super(task, name);
            setDaemon(true);
        }
    }

    /** Runs {@code op} in the background; the future completes with {@code result} or {@code op}'s failure. */
    CompletableFuture<Object> run(Object result, Runnable op) {
        CompletableFuture<Object> f = new CompletableFuture<>();
        executor.execute(() -> {
            try {
                op.run();
                f.complete(result);
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f;
    }

    /** Runs {@code task} on a helper thread; after {@link #shutdown}, on the calling thread. */
    void runElsewhere(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException finished) {
            task.run();
        }
    }

    void shutdown() {
        executor.shutdownNow();
    }
}
