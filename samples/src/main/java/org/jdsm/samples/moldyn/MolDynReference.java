package org.jdsm.samples.moldyn;

import java.util.Map;
import org.jdsm.samples.support.Validation;

/**
 * How a MolDyn result is judged: at the JGF sizes (50 moves) against JGF's published kinetic
 * energy {@code ek} within its tolerance 1e-10; at any other size bit for bit against a one-thread run.
 */
final class MolDynReference {

    static final String NAME = "MolDyn";

    /** JGF MolDyn {@code refval} by lattice size mm (sizes A, B), for 50 moves. */
    private static final Map<Integer, Double> PUBLISHED = Map.of(8, 1731.4306625334357, 13, 7397.392307839352);

    private MolDynReference() {
    }

    /** One thread, every particle: the sequential result the parallel runs must reproduce. */
    static double sequentialEk(MolDynSize size) {
        MolDynSystem system = new MolDynSystem(size);
        double[] position = system.initialPositions();
        double[] kinetic = new double[system.n];
        MolDynParticles all = new MolDynParticles(system, system.initialVelocities(), new double[3 * system.n], 0,
                system.n);
        double ek = 0;
        for (int move = 0; move < size.moves(); move++) {
            all.move(position);
            all.forces(position);
            all.kinetic(kinetic);
            ek = all.finish(move, kinetic);
        }
        return ek;
    }

    /** Checks {@code ek} after the last move, prints PASS or throws. */
    static void validate(MolDynSize size, double ek, String summary) {
        Validation v = Validation.of(NAME);
        Double published = size.moves() == 50 ? PUBLISHED.get(size.mm()) : null;
        if (published != null) {
            v.near("ek", ek, published, 1e-10);
        } else {
            v.same("ek", ek, sequentialEk(size));
        }
        v.finish(ek, size + ", " + summary);
    }
}
