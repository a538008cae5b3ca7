package org.jdsm.launch;

/**
 * A problem with what the user asked for or with this machine (a missing jar, a class that is not a
 * job, a protocol that does not exist), reported as one line without a stack trace.
 */
public class LaunchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LaunchException(String message) {
        super(message);
    }

    public LaunchException(String message, Throwable cause) {
        super(message, cause);
    }
}
