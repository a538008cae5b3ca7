package org.jdsm.comm.ucx;

import java.nio.ByteBuffer;

/**
 * The functions of the JNI shim {@code libjdsmucx} (src/main/native/jdsm_ucx.c), bound by its
 * {@code JNI_OnLoad}. Handles are native pointers: only {@link UcxWorker} calls these, with handles
 * it got from here and has not released. Every UCX failure is thrown as {@link UcxException}.
 * All calls but {@link #signal}, {@link #stage} and {@link #unstage} must come from one thread at a time.
 */
final class UcxNative {

    /** {@code UCS_OK}. */
    static final int OK = 0;
    /** {@code UCS_INPROGRESS}: a flush or close has not finished yet. */
    static final int IN_PROGRESS = 1;

    private UcxNative() {
    }

    /** A UCP context and worker; {@code options} are UCX settings as name, value pairs (e.g. TLS, tcp). */
    static native long create(String[] options, boolean wakeup);

    /** This worker's address, for peers to connect to. */
    static native byte[] address(long worker);

    /** An endpoint to the worker at {@code address}; its failures are reported with {@code cookie}. */
    static native long connect(long worker, byte[] address, int cookie, boolean peerErrorHandling);

    /**
     * Starts a tagged send of a copy of {@code data[offset, offset + length)}; 0 if it completed at
     * once, 1 if UCX still works on the copy.
     */
    static native int send(long worker, long endpoint, long tag, byte[] data, int offset, int length);

    /** As {@link #send}, from bytes {@code [offset, offset + length)} of a direct buffer (range checked by the caller). */
    static native int sendDirect(long worker, long endpoint, long tag, ByteBuffer data, int offset, int length);

    /**
     * Staging memory for a bulk send of {@code length} bytes, which any thread may fill: a direct
     * buffer over it (position 0, limit {@code length}); the send's handle goes to {@code staged[0]},
     * for {@link #sendStaged}, or {@link #unstage} if it is not sent.
     */
    static native ByteBuffer stage(long worker, int length, long[] staged);

    /** Sends a filled staged send, which UCX owns from here (it is pooled again once sent); 0 or 1 as {@link #send}. */
    static native int sendStaged(long worker, long endpoint, long tag, long staged);

    /** Gives back a staged send that is not sent, from any thread; {@code worker} 0 once the worker is destroyed. */
    static native void unstage(long worker, long staged);

    /**
     * A completed receive's data as a direct buffer over its native memory (position 0, limit its
     * length), valid only until {@link #copyOut} frees the receive.
     */
    static native ByteBuffer view(long worker, long receive);

    /**
     * One pass of the progress thread: progresses the worker, reports completions to
     * {@code events}, then takes the next message out of UCX's unexpected queue, those whose tag has
     * the {@code expressBit} first. Returns the message's handle (positive) and fills {@code info}
     * with its tag, its length and a count of the work done; with no message, returns minus the
     * count of the work done and leaves {@code info} as it is.
     */
    static native long poll(long worker, long expressBit, UcxEvents events, long[] info);

    /**
     * Receives a probed message. If it completes inside this call and {@code into} (at least
     * {@code length} bytes) is not null, its data is copied there and 0 is returned. Otherwise the
     * receive's handle is returned: its data stays in native memory, its completion is reported
     * through {@link UcxEvents#receiveCompleted}, and {@link #copyOut} hands it over and frees it.
     */
    static native long receive(long worker, long message, long tag, long length, byte[] into);

    /** Takes a probed message out of UCX and drops it. */
    static native void discard(long worker, long message);

    /** Copies a completed receive's data into {@code into} (at least its length; null: drops it) and frees the receive. */
    static native void copyOut(long worker, long receive, byte[] into);

    /** Sleeps until the worker has events or {@code timeoutMillis} pass; false if events were pending. */
    static native boolean await(long worker, int timeoutMillis);

    /** Wakes a thread in {@link #await}; safe from any thread. */
    static native void signal(long worker);

    /** Starts flushing ({@code close} false) or closing an endpoint; poll the result with {@link #finished}. */
    static native long control(long worker, long endpoint, boolean close, boolean force);

    /** {@link #IN_PROGRESS}, or the final status of a {@link #control} operation (which is then freed). */
    static native int finished(long worker, long operation);

    /** UCX's text for a status code. */
    static native String statusText(int status);

    /** The version of the libucp in use. */
    static native String version();

    /**
     * Destroys the worker and context and frees everything the shim allocated for them; returns how
     * many sends UCX still held (sends to peers that died, which UCX could not cancel).
     */
    static native int destroy(long worker);
}
