package org.jdsm.trans;

/** A request failed on the node that served it, or that node is gone. */
public class RemoteException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int node;
    private final String reason;

    public RemoteException(int node, String message) {
        super("node " + node + ": " + message);
        this.node = node;
        this.reason = message;
    }

    /** Why the request failed, without the node's number in front. */
    public String reason() {
        return reason;
    }

    /** The node that failed the request. */
    public int node() {
        return node;
    }
}
