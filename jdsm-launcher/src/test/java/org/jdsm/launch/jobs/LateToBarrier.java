package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** Rank 1 reaches the barrier {@code args[0]} ms after the others (then the job ends normally). */
public class LateToBarrier extends Spmd {

    @Override
    public void start() {
        if (myNode() == 1) {
            try {
                Thread.sleep(Long.parseLong(args().get(0)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        barrier();
        System.out.println("rank " + myNode() + " passed the barrier");
    }
}
