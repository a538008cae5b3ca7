package org.jdsm.comm.ucx;

/** What {@link UcxNative#progress} reports, called back on the thread that runs it. */
interface UcxEvents {

    /** A receive that did not complete at once has ended ({@code status} 0) or failed. */
    void receiveCompleted(long tag, byte[] data, int status);

    /** The endpoint named {@code cookie} failed (only with peer error handling). */
    void endpointFailed(int cookie, int status);
}
