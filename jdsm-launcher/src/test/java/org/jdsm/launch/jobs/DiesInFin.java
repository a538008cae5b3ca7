package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/**
 * A job whose rank {@code args[0]} dies abruptly (exit code 42) in {@code fin()}, a second after
 * the others returned from theirs: they wait in the job's last phase, for node 0's word that every
 * node finished, when it goes.
 */
public class DiesInFin extends Spmd {

    @Override
    public void start() {
        barrier();
    }

    @Override
    public void fin() {
        if (myNode() == Integer.parseInt(args().get(0))) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(42);
        }
    }
}
