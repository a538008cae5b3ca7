package org.jdsm;

/** Thrown out of a DSM operation when the job is being stopped (another node failed or was killed). */
public class JobAbortedException extends DsmException {
    private static final long serialVersionUID = 1L;

    public JobAbortedException(String message, Throwable cause) {
        super(message, cause);
    }
}
