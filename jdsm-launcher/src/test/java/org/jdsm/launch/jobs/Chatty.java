package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** A job whose ranks print {@code args[0]} lines each (or without end) as fast as they can. */
public class Chatty extends Spmd {

    @Override
    public void start() {
        long lines = args().isEmpty() ? Long.MAX_VALUE : Long.parseLong(args().get(0));
        String padding = "x".repeat(100);
        for (long i = 0; i < lines; i++) {
            System.out.println("rank " + myNode() + " line " + i + " " + padding);
        }
    }
}
