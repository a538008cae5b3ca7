package org.jdsm.comm.ucx;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jdsm.comm.ByteBuffers;

/**
 * One UCP context and worker with its endpoints: the only user of {@link UcxNative}, so native
 * handles never outlive what they point to. Not thread-safe (UCX runs single-threaded here): the
 * node's progress thread owns it, and the init and fin threads use it only before that thread
 * starts and after it ends. {@link #signal}, {@link #stage} and {@link #unstage} are the exceptions.
 */
final class UcxWorker implements AutoCloseable {

    private volatile long handle;
    private final boolean wakeup;
    private final long[] polled = new long[3];

    /** Creates the worker; {@code ucxConfig} overrides UCX settings (name without UCX_, e.g. TLS). */
    UcxWorker(Map<String, String> ucxConfig, boolean wakeup) {
        List<String> pairs = new ArrayList<>();
        ucxConfig.forEach((name, value) -> {
            pairs.add(name);
            pairs.add(value);
        });
        handle = UcxNative.create(pairs.toArray(new String[0]), wakeup);
        this.wakeup = wakeup;
    }

    byte[] address() {
        return UcxNative.address(live());
    }

    /** An endpoint to the worker at {@code address}; endpoint failures are reported with {@code cookie}. */
    long connect(byte[] address, int cookie, boolean peerErrorHandling) {
        return UcxNative.connect(live(), address, cookie, peerErrorHandling);
    }

    /** Sends {@code data} with {@code tag} (a copy, taken before this returns). */
    void send(long endpoint, long tag, byte[] data) {
        send(endpoint, tag, data, 0, data.length);
    }

    /** Sends {@code data[offset, offset + length)} with {@code tag} (a copy, taken before this returns). */
    void send(long endpoint, long tag, byte[] data, int offset, int length) {
        UcxNative.send(live(), endpoint, tag, data, offset, length);
    }

    /** Sends a copy of {@code data}'s remaining bytes with {@code tag} (taken before this returns; the position stays). */
    void send(long endpoint, long tag, ByteBuffer data) {
        if (data.isDirect()) {
            UcxNative.sendDirect(live(), endpoint, tag, data, data.position(), data.remaining());
        } else if (data.hasArray()) {
            send(endpoint, tag, data.array(), data.arrayOffset() + data.position(), data.remaining());
        } else { // a read-only heap buffer
            send(endpoint, tag, ByteBuffers.remainingCopy(data));
        }
    }

    /** Staging memory being filled for a send: its handle and a direct buffer over it. */
    record Staged(long handle, ByteBuffer memory) {
    }

    /**
     * Staging memory for a bulk send of {@code length} bytes, from any thread, to fill and then
     * {@link #sendStaged} (or {@link #unstage}); null once the worker is closed.
     */
    synchronized Staged stage(int length) {
        if (handle == 0) {
            return null;
        }
        long[] staged = new long[1];
        ByteBuffer memory = UcxNative.stage(handle, length, staged);
        return new Staged(staged[0], memory);
    }

    /** Sends filled staging memory with {@code tag}; UCX owns it from here. */
    void sendStaged(long endpoint, long tag, long staged) {
        UcxNative.sendStaged(live(), endpoint, tag, staged);
    }

    /** Gives back staging memory that is not sent; any thread, also once the worker is closed. */
    synchronized void unstage(long staged) {
        UcxNative.unstage(handle, staged);
    }

    /**
     * A completed receive's data in its native memory (position 0, limit its length), valid only
     * until {@link #copyOut} frees the receive.
     */
    ByteBuffer view(long receive) {
        return UcxNative.view(live(), receive);
    }

    /**
     * Progresses UCX, reports to {@code events}, and takes the next message (express first): its
     * handle, or 0; then {@link #polledTag}, {@link #polledLength} and {@link #polledWork}.
     */
    long poll(UcxEvents events) {
        long polledOrIdleWork = UcxNative.poll(live(), Tags.EXPRESS, events, polled);
        if (polledOrIdleWork > 0) {
            return polledOrIdleWork;
        }
        polled[2] = -polledOrIdleWork;
        return 0;
    }

    long polledTag() {
        return polled[0];
    }

    long polledLength() {
        return polled[1];
    }

    /** How much the last poll did besides taking a message (events progressed, completions reported). */
    long polledWork() {
        return polled[2];
    }

    /**
     * Receives a probed message: 0 if it is complete and copied into {@code into} already (never
     * with {@code into} null), else its handle for {@link #copyOut} once UCX reports it complete.
     */
    long receive(long message, long tag, int length, byte[] into) {
        return UcxNative.receive(live(), message, tag, length, into);
    }

    /** Drops a probed message. */
    void discard(long message) {
        UcxNative.discard(live(), message);
    }

    /** Copies a completed receive into {@code into} (null drops it) and frees the receive. */
    void copyOut(long receive, byte[] into) {
        UcxNative.copyOut(live(), receive, into);
    }

    /** Blocks until UCX has events or {@code timeoutMillis} pass (wake-up workers only). */
    void await(int timeoutMillis) {
        UcxNative.await(live(), timeoutMillis);
    }

    /** Wakes {@link #await}; any thread, any time (a no-op once closed, or without wake-up support). */
    synchronized void signal() {
        if (handle != 0 && wakeup) {
            UcxNative.signal(handle);
        }
    }

    /**
     * Starts flushing an endpoint; poll with {@link #finished}, which says finished only once every
     * send on it has completed and a UCX flush after the last of them has (a rendezvous send is not
     * done when UCX's flush is: the peer has yet to pull its data, and closing the endpoint before
     * then would cancel it).
     */
    long flush(long endpoint) {
        return UcxNative.control(live(), endpoint, false, false);
    }

    /** Starts closing an endpoint ({@code force}: without waiting for the peer); poll with {@link #finished}. */
    long close(long endpoint, boolean force) {
        return UcxNative.control(live(), endpoint, true, force);
    }

    /** True once a flush or close has ended (its handle is then invalid). */
    boolean finished(long operation) {
        return UcxNative.finished(live(), operation) != UcxNative.IN_PROGRESS;
    }

    /** Destroys the worker, its endpoints and context. Idempotent. */
    @Override
    public void close() {
        destroy();
    }

    /**
     * As {@link #close}, returning how many sends UCX still held: sends to peers that died, which
     * UCX could not cancel (0 if already closed).
     */
    synchronized int destroy() {
        // Under the lock: a concurrent signal() must not touch a destroyed worker, and stage() and
        // unstage() must not run while the shim unregisters the staging memory still handed out.
        long h = handle;
        handle = 0;
        return h != 0 ? UcxNative.destroy(h) : 0;
    }

    private long live() {
        long h = handle;
        if (h == 0) {
            throw new IllegalStateException("the UCX worker is closed");
        }
        return h;
    }
}
