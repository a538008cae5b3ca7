package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/**
 * A job whose rank 1 calls {@code System.exit(3)} between two barriers with a shutdown hook of its
 * own that takes a minute: its JVM stays alive, connections open, all that time.
 */
public class ExitWithSlowHook extends Spmd {

    @Override
    public void start() {
        barrier();
        if (myThread() == threadsPerNode()) { // the first thread of rank 1
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            System.exit(3);
        }
        barrier();
    }
}
