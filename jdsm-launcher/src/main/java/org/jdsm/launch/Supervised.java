package org.jdsm.launch;

import java.util.concurrent.CompletableFuture;

/** One node of a running job as its launcher sees it: a local JVM or a remote server. */
public interface Supervised {

    /** Completes with this node once it has ended. */
    CompletableFuture<Supervised> onExit();

    /** Waits up to {@code millis} until the node's last output is out. */
    void awaitOutput(long millis) throws InterruptedException;

    /** How the node ended; only once it has. */
    NodeExit exit();

    /** Ends the node now, and everything it started. */
    void kill();
}
