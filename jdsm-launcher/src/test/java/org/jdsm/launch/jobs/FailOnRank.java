package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** A job whose first thread on rank {@code args[0]} throws in {@code start()}; the others wait in a barrier. */
public class FailOnRank extends Spmd {

    @Override
    public void start() {
        int failing = Integer.parseInt(args().get(0));
        System.out.println("rank " + myNode() + " thread " + myThread() + " started");
        barrier();
        if (myNode() == failing && myThread() % threadsPerNode() == 0) {
            throw new IllegalStateException("planned failure on rank " + failing);
        }
        barrier();
    }
}
