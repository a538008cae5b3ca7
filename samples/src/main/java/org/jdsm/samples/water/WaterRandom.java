package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.at;

/**
 * The random numbers SPLASH-2 Water turns into initial velocities. The original reads them from
 * its data file {@code random.in} (numbers between -4 and +4, one per atom and direction after a
 * leading number it skips); that file is not part of the published algorithm, so this sample makes
 * the numbers itself: uniform in {@code [-4, 4)} from the C library's {@code drand48} sequence
 * seeded with {@code srand48(seed)}, read in the file's order (molecule, atom, then x, y, z).
 */
final class WaterRandom {

    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;

    private long state;

    WaterRandom(long seed) {
        state = ((seed & 0xFFFF_FFFFL) << 16) | 0x330EL;
    }

    /** {@code drand48()}: uniform in {@code [0, 1)} with 48 bits. */
    double next() {
        state = (MULTIPLIER * state + ADDEND) & MASK;
        return state / (double) (1L << 48);
    }

    /** One number per atom and direction, in the 9-per-molecule layout, filled in {@code random.in}'s order. */
    static double[] raw(int molecules, long seed) {
        WaterRandom r = new WaterRandom(seed);
        double[] raw = new double[molecules * WaterModel.PER_MOLECULE];
        for (int mol = 0; mol < molecules; mol++) {
            for (int atom = 0; atom < 3; atom++) {
                for (int dir = 0; dir < 3; dir++) {
                    raw[at(mol, dir, atom)] = 8.0 * r.next() - 4.0;
                }
            }
        }
        return raw;
    }
}
