package org.jdsm.launch.jobs;

import org.jdsm.Spmd;

/** A job whose rank {@code args[0]} dies abruptly (no report, exit code 42) while the others wait in a barrier. */
public class CrashOnRank extends Spmd {

    @Override
    public void start() {
        int crashing = Integer.parseInt(args().get(0));
        barrier();
        if (myNode() == crashing) {
            Runtime.getRuntime().halt(42);
        }
        barrier();
    }
}
