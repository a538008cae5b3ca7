package org.jdsm.comm;

/** Small helpers for the comm modules' own threads and sockets. */
public final class Plumbing {

    private Plumbing() {
    }

    /** A daemon thread (not started): it must not keep a node's JVM alive. */
    public static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    /** Closes {@code closeable} on the way out or to cut it off, where an error has nowhere to go. */
    public static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Closing anyway: nothing is left to do with the error.
        }
    }
}
