package org.jdsm.wire;

/** A message could not be serialized or deserialized; the message names the class and why. */
public class WireException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WireException(String message, Throwable cause) {
        super(message, cause);
    }
}
