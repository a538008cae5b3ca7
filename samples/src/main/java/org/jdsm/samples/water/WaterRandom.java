package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.at;

import org.jdsm.samples.support.Drand48;

/**
 * The random numbers SPLASH-2 Water turns into initial velocities. The original reads them from
 * its data file {@code random.in} (numbers between -4 and +4, one per atom and direction after a
 * leading number it skips); that file is not part of the published algorithm, so this sample makes
 * the numbers itself: uniform in {@code [-4, 4)} from the C library's {@code drand48} after
 * {@code srand48(seed)}, in the file's order (molecule, atom, then x, y, z).
 */
final class WaterRandom {

    private WaterRandom() {
    }

    /** One number per atom and direction, in the 9-per-molecule layout, filled in {@code random.in}'s order. */
    static double[] raw(int molecules, long seed) {
        Drand48 r = new Drand48(seed);
        double[] raw = new double[molecules * WaterModel.PER_MOLECULE];
        for (int mol = 0; mol < molecules; mol++) {
            for (int atom = 0; atom < 3; atom++) {
                for (int dir = 0; dir < 3; dir++) {
                    raw[at(mol, dir, atom)] = 8.0 * r.drand48() - 4.0;
                }
            }
        }
        return raw;
    }
}
