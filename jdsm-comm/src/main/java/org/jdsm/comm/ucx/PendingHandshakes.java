package org.jdsm.comm.ucx;

import java.nio.channels.SocketChannel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jdsm.comm.Plumbing;

/**
 * Accepted bootstrap connections still authenticating. Each runs on a thread of its own and is cut
 * off when its time is up, as a whole (a per-read time-out lets a peer trickle a byte at a time),
 * so an unauthenticated connection, silent or slow, holds up neither the accept loop nor the real
 * peers behind it. {@link #close} cuts off whatever is still pending.
 */
final class PendingHandshakes implements AutoCloseable {

    private final int millis;
    private final Set<SocketChannel> open = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService cutOffs =
            Executors.newSingleThreadScheduledExecutor(r -> Plumbing.daemon("jdsm-ucx-handshake-cutoff", r));
    private boolean closed;

    /** Each handshake gets {@code millis} in all. */
    PendingHandshakes(int millis) {
        this.millis = millis;
    }

    /**
     * Runs {@code handshake} (null if it refused the connection) on its own thread and hands a result
     * that came in time, before {@link #close}, to {@code done}; a late result is closed.
     */
    <T extends AutoCloseable> void start(SocketChannel channel, Function<SocketChannel, T> handshake,
            Consumer<T> done) {
        open.add(channel);
        ScheduledFuture<?> cutOff =
                cutOffs.schedule(() -> Plumbing.closeQuietly(channel), millis, TimeUnit.MILLISECONDS);
        Plumbing.daemon("jdsm-ucx-handshake", () -> {
            try {
                T result = handshake.apply(channel);
                if (result != null && !(cutOff.cancel(false) && deliver(result, done))) {
                    Plumbing.closeQuietly(result);
                }
            } finally {
                open.remove(channel);
            }
        }).start();
    }

    int millis() {
        return millis;
    }

    private synchronized <T> boolean deliver(T result, Consumer<T> done) {
        if (closed) {
            return false;
        }
        done.accept(result);
        return true;
    }

    @Override
    public synchronized void close() {
        closed = true;
        cutOffs.shutdownNow();
        open.forEach(Plumbing::closeQuietly);
    }
}
