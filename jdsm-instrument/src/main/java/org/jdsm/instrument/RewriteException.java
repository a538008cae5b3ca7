package org.jdsm.instrument;

/** A class that cannot be instrumented; the message names the class and the method. */
public final class RewriteException extends Exception {
    private static final long serialVersionUID = 1L;

    RewriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
