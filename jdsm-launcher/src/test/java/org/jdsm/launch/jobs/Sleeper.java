package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** A job that says it is ready and then sleeps for a minute, to be interrupted. */
public class Sleeper extends Spmd {

    @Override
    public void start() {
        System.out.println("rank " + myNode() + " ready");
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
