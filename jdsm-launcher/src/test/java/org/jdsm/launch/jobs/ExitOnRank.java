package org.jdsm.launch.jobs;

import java.io.IOException;
import org.jdsm.Spmd;

/**
 * A job whose rank {@code args[0]} ends its JVM in {@code start()} as {@code args[1]} says: a
 * number calls {@code System.exit} with it, {@code kill} sends the JVM SIGKILL. The others wait in
 * a barrier.
 */
public class ExitOnRank extends Spmd {

    @Override
    public void start() {
        int exiting = Integer.parseInt(args().get(0));
        String how = args().get(1);
        barrier();
        if (myNode() == exiting && myThread() % threadsPerNode() == 0) {
            if (how.equals("kill")) {
                killThisJvm();
            }
            System.exit(Integer.parseInt(how));
        }
        barrier();
    }

    private static void killThisJvm() {
        try {
            new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(60_000);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("cannot kill this JVM", e);
        }
    }
}
