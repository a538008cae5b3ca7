package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** Rank 1 fails in {@code init()} while rank 0 is busy there for two minutes, deaf to the abort. */
public class StuckInInit extends Spmd {

    @Override
    public void init() {
        if (myNode() == 1) {
            throw new IllegalStateException("planned failure in init");
        }
        try {
            Thread.sleep(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void start() {
    }
}
