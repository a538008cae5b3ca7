package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.PER_MOLECULE;

import org.jdsm.samples.support.Split;

/**
 * The arrays Water's threads share, laid out so each block is written by one thread and homed on
 * its node: positions in blocks of one thread's molecules ({@code chunk} molecules, 9 values
 * each); per-thread partial forces, thread {@code t}'s in {@code [t * stride, (t + 1) * stride)}
 * with one block per owning thread's molecules; per-thread scalar sums, one block each.
 */
record WaterShared(double[] position, double[] partials, double[] sums, int chunk, int threads) {

    /** Fresh arrays for {@code threads} threads, positions set to {@code initial}. */
    static WaterShared create(double[] initial, int molecules, int threads) {
        int chunk = Split.chunk(threads, molecules);
        return new WaterShared(initial, new double[threads * threads * chunk * PER_MOLECULE],
                new double[threads * WaterRun.SLOTS], chunk, threads);
    }

    /** Length of one thread's partial-force region: a whole molecule array, padded to full blocks. */
    int stride() {
        return threads * chunk * PER_MOLECULE;
    }

    /** Block lengths to register the arrays with. */
    int positionBlock() {
        return chunk * PER_MOLECULE;
    }

    /** First molecule of thread {@code t} (at or past the end for a thread left without molecules). */
    int firstMolecule(int t) {
        return t * chunk;
    }
}
