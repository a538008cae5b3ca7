package org.jdsm.instrument;

/**
 * A user class could not be instrumented while loading: running it plain would silently break the
 * consistency contract, so loading fails, naming the class and method.
 */
public final class InstrumentationError extends LinkageError {
    private static final long serialVersionUID = 1L;

    InstrumentationError(RewriteException cause) {
        super(cause.getMessage(), cause);
    }
}
