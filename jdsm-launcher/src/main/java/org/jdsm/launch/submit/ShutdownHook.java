package org.jdsm.launch.submit;

/** A JVM shutdown hook (what Ctrl-C runs) for as long as this object is open. */
final class ShutdownHook implements AutoCloseable {

    private final Thread hook;
    private boolean removed;

    private ShutdownHook(Thread hook) {
        this.hook = hook;
    }

    /** Runs {@code action} if the JVM shuts down (Ctrl-C, SIGTERM) before {@link #close}. */
    static ShutdownHook install(String name, Runnable action) {
        Thread hook = new Thread(action, name);
        Runtime.getRuntime().addShutdownHook(hook);
        return new ShutdownHook(hook);
    }

    /** Removes the hook; idempotent, and quiet if the JVM is already shutting down (the hook runs). */
    @Override
    public void close() {
        if (removed) {
            return;
        }
        removed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or ran.
        }
    }
}
