package org.jdsm.launch.jobs;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jdsm.Spmd;

/**
 * Rank {@code args[0]} (-1 for none) throws in {@code start()} once file {@code args[1]} exists; the
 * other ranks then wait in a barrier. Past a first barrier every rank prints its JVM's pid, so that
 * a test can stop (SIGSTOP) one of them, hung but not dead, before it creates the file.
 */
public class FailsBesideHungRank extends Spmd {

    @Override
    public void start() {
        int failing = Integer.parseInt(args().get(0));
        barrier(); // the whole mesh is up and busy before a test stops a rank
        System.out.println("rank " + myNode() + " pid " + ProcessHandle.current().pid());
        awaitFile(Path.of(args().get(1)));
        if (myNode() == failing) {
            throw new IllegalStateException("planned failure on rank " + failing);
        }
        barrier();
    }

    private static void awaitFile(Path file) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
