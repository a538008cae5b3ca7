package org.jdsm.trans;

/** A request failed on the node that served it, or that node is gone. */
public class RemoteException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int node;

    public RemoteException(int node, String message) {
        super("node " + node + ": " + message);
        this.node = node;
    }

    /** The node that failed the request. */
    public int node() {
        return node;
    }
}
