package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Elements of an array held in a field of a shared object ({@code body.pos[k] = ...}): the array
 * is part of the object's contents, so storing into it writes the object. Each thread moves its
 * own bodies (homed on every node); after a barrier every thread checks all of them.
 */
public class HeldArrayPlain extends Spmd {

    /** A shared object whose contents include an array. */
    public static class Body {
        public double[] pos = new double[3];
    }

    Body[] bodies;

    @Override
    public void init() {
        bodies = new Body[2 * threads()];
        for (int k = 0; k < bodies.length; k++) {
            bodies[k] = pool.register(new Body());
        }
    }

    @Override
    public void start() {
        for (int k = myThread(); k < bodies.length; k += threads()) {
            Body b = bodies[k];
            b.pos[1] = k + 0.5;
            b.pos[2] += k;
        }
        barrier();
        for (int k = 0; k < bodies.length; k++) {
            double[] p = bodies[k].pos;
            AliasesPlain.check(p[0] == 0 && p[1] == k + 0.5 && p[2] == k, "body " + k + ": " + java.util.Arrays.toString(p));
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}
