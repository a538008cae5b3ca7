package org.jdsm.comm.ucx;

/** What {@link UcxNative#poll} reports, called back on the thread that runs it. */
interface UcxEvents {

    /** The receive {@code receive} (a handle for {@link UcxNative#copyOut}) has ended ({@code status} 0) or failed. */
    void receiveCompleted(long tag, long receive, int status);

    /** The endpoint named {@code cookie} failed (only with peer error handling). */
    void endpointFailed(int cookie, int status);
}
