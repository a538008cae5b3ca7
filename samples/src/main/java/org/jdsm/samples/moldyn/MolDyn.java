package org.jdsm.samples.moldyn;

import org.jdsm.Spmd;
import org.jdsm.samples.support.Split;

/**
 * Java Grande MolDyn (section 3) on JDSM: molecular dynamics of {@code 4 MM^3} particles with a
 * Lennard-Jones potential, two barriers per move. Positions and per-particle kinetic energies are
 * shared, one block per thread's chunk of particles homed on its node; velocities and forces stay
 * private to the owning node. Each move a thread advances its particles ({@code acquire}
 * positions), reads every position ({@code update}) to sum the forces on its particles, and
 * publishes their kinetic energies; every thread then sums them all in particle order. Node 0
 * checks the final kinetic energy {@code ek} against JGF's published value (at other sizes,
 * against a one-thread run).
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.moldyn.MolDyn [MM] [MOVES]}
 * (default: JGF size A, MM=8 or 2,048 particles, 50 moves).
 */
public class MolDyn extends Spmd {

    private MolDynSystem system;
    private double[] position;
    private double[] kinetic;
    private double[] velocity;
    private double[] force;

    @Override
    public void init() {
        system = new MolDynSystem(MolDynSize.parse(args()));
        int chunk = Split.chunk(threads(), system.n);
        position = pool.register(system.initialPositions(), 3 * chunk);
        kinetic = pool.register(new double[system.n], chunk);
        velocity = system.initialVelocities();
        force = new double[3 * system.n];
    }

    @Override
    public void start() {
        int from = Split.chunkStart(myThread(), threads(), system.n);
        int to = Split.chunkEnd(myThread(), threads(), system.n);
        MolDynParticles mine = new MolDynParticles(system, velocity, force, from, to);
        barrier();
        long began = System.nanoTime();
        double ek = 0;
        for (int move = 0; move < system.size.moves(); move++) {
            if (from < to) {
                pool.acquire(position, 3 * from, 3 * to);
                mine.move(position);
                pool.release(position, 3 * from, 3 * to);
            }
            barrier(); // forces need every particle's new position
            pool.update(position);
            mine.forces(position);
            if (from < to) {
                pool.acquire(kinetic, from, to);
                mine.kinetic(kinetic);
                pool.release(kinetic, from, to);
            }
            barrier(); // the sum needs every particle's energy
            pool.update(kinetic);
            ek = mine.finish(move, kinetic);
        }
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            MolDynReference.validate(system.size, ek,
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }
}
