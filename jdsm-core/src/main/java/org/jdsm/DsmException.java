package org.jdsm;

/** A misuse of the DSM API or a failure of the job, with a message that names the cause. */
public class DsmException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DsmException(String message) {
        super(message);
    }

    public DsmException(String message, Throwable cause) {
        super(message, cause);
    }
}
