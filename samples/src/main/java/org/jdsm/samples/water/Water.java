package org.jdsm.samples.water;

import org.jdsm.Spmd;
import org.jdsm.samples.support.SharedAccess;
import org.jdsm.samples.support.Split;

/**
 * SPLASH-2 Water-nsquared on JDSM: molecular dynamics of flexible water molecules with a
 * sixth-order Gear predictor-corrector, intramolecular forces, MCY intermolecular forces over all
 * pairs within a cutoff, and a reaction-field correction. Molecules are block-distributed over the
 * threads; positions are shared (one block per thread, homed on its node), derivatives and forces
 * stay private to the owning node. Pair forces go into per-thread partial arrays that the owners
 * of the molecules add up after a barrier (SPLASH-2 adds them under per-molecule locks); scalar
 * sums go through per-thread slots added in thread order. Node 0 prints SPLASH-2's energies after
 * the last step and checks them (see {@link WaterReference}).
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.water.Water [MOLECULES] [STEPS]}
 * (default: SPLASH-2's input, 512 molecules, 3 steps).
 */
public class Water extends Spmd {

    private WaterSize size;
    private WaterModel model;
    private WaterShared shared;
    private double[][] derivative;
    private double[] force;

    @Override
    public void init() {
        size = WaterSize.parse(args());
        model = new WaterModel(size);
        shared = WaterShared.create(WaterLattice.positions(model), size.molecules(), threads());
        pool.register(shared.position(), shared.positionBlock());
        pool.register(shared.partials(), shared.positionBlock());
        pool.register(shared.sums(), WaterRun.SLOTS);
        derivative = WaterLattice.derivatives(model, WaterReference.raw(size));
        force = new double[size.molecules() * WaterModel.PER_MOLECULE];
    }

    @Override
    public void start() {
        int from = Split.chunkStart(myThread(), threads(), size.molecules());
        int to = Split.chunkEnd(myThread(), threads(), size.molecules());
        WaterMolecules mine = new WaterMolecules(model, derivative, force, from, to);
        barrier();
        long began = System.nanoTime();
        WaterEnergies energies = new WaterRun(model, size, shared, mine, myThread(), threads(),
                SharedAccess.dsm(pool)).run();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            WaterReference.validate(size, energies,
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }
}
