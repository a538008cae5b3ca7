package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Plain code that keeps its elements of a shared {@code Object[]} in a list made once and writes
 * them through the list in every step, a barrier after each (with argument {@code explicit}, each
 * write between {@code acquire} and {@code release} of its element); elements of every block belong
 * to threads of both nodes. After the last step every element must hold the number of steps.
 */
public class KeptElementsPlain extends Spmd {

    /** A particle. */
    public static final class Particle {
        public long x;
    }

    static final int LENGTH = 16;
    static final int STEPS = 4;

    Particle[] particles;

    @Override
    public void init() {
        Particle[] all = new Particle[LENGTH];
        for (int k = 0; k < LENGTH; k++) {
            all[k] = new Particle();
        }
        particles = pool.register(all, 4);
    }

    @Override
    public void start() {
        boolean explicit = !args().isEmpty() && args().get(0).equals("explicit");
        List<Particle> mine = new ArrayList<>();
        for (int k = myThread(); k < LENGTH; k += threads()) {
            mine.add(particles[k]);
        }
        barrier();
        for (int s = 0; s < STEPS; s++) {
            for (int j = 0; j < mine.size(); j++) {
                int k = myThread() + j * threads();
                if (explicit) {
                    pool.acquire(particles, k);
                }
                mine.get(j).x++;
                if (explicit) {
                    pool.release(particles, k);
                }
            }
            barrier();
        }
        for (int k = 0; k < LENGTH; k++) {
            if (particles[k].x != STEPS) {
                throw new AssertionError("element " + k + ": " + particles[k].x + ", expected " + STEPS);
            }
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}
