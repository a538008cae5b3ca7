package org.jdsm.comm;

/** A failure of the communication layer, with a message that names the peer and the cause. */
public class CommException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CommException(String message) {
        super(message);
    }

    public CommException(String message, Throwable cause) {
        super(message, cause);
    }
}
