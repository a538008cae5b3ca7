package org.jdsm.trans;

/**
 * A request failed because its node was lost before it answered (it died, or the connection to it
 * did): the loss of that node, not a failure of the requester. Its cause is the loss as the Comm
 * reported it ({@link org.jdsm.comm.Dispatcher#peerFailed}).
 */
public final class PeerLostException extends RemoteException {
    private static final long serialVersionUID = 1L;

    /** Node {@code node} was lost, for {@code cause}. */
    public PeerLostException(int node, Throwable cause) {
        super(node, "node failed: " + cause.getMessage());
        initCause(cause);
    }
}
