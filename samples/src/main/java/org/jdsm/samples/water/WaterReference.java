package org.jdsm.samples.water;

import org.jdsm.samples.support.SharedAccess;
import org.jdsm.samples.support.Validation;

/**
 * How a Water result is judged. Every run must agree with a one-thread run of the same problem
 * (to {@link #RELATIVE}, and digit for digit as printed): the thread count changes only the order
 * in which partial forces and sums are added. At SPLASH-2's input deck (512 molecules, 3 steps)
 * the total energy must also match SPLASH-2's published {@code 10.026}: it is fixed by the lattice
 * and the normalized initial kinetic energy, and conserved. The other six published values depend
 * on SPLASH-2's {@code random.in} data, which this sample does not have (see {@link WaterRandom}),
 * so they are not checked.
 */
final class WaterReference {

    static final String NAME = "Water";
    /** srand48 seed of the initial velocities' random numbers. */
    static final long SEED = 1;
    /** SPLASH-2's reference run (512 molecules, 3 steps) prints this total energy after step 3. */
    static final double PUBLISHED_TOTAL = 10.026;
    /** Largest relative deviation from the one-thread run: rounding of differently grouped sums. */
    static final double RELATIVE = 1e-9;

    private WaterReference() {
    }

    /** The random numbers of the initial velocities of {@code size}. */
    static double[] raw(WaterSize size) {
        return WaterRandom.raw(size.molecules(), SEED);
    }

    /** One thread, every molecule: the sequential result. */
    static WaterEnergies sequential(WaterSize size) {
        WaterModel model = new WaterModel(size);
        WaterShared shared = WaterShared.create(WaterLattice.positions(model), size.molecules(), 1);
        WaterMolecules all = new WaterMolecules(model, WaterLattice.derivatives(model, raw(size)),
                new double[size.molecules() * WaterModel.PER_MOLECULE], 0, size.molecules());
        return new WaterRun(model, size, shared, all, 0, 1, SharedAccess.plain(() -> { })).run();
    }

    /** Checks {@code e}, prints PASS or throws. */
    static void validate(WaterSize size, WaterEnergies e, String summary) {
        Validation v = Validation.of(NAME);
        if (size.molecules() == 512 && size.steps() == 3) {
            v.near("total", e.total(), PUBLISHED_TOTAL, 0.0005);
        }
        WaterEnergies seq = sequential(size);
        double[] got = e.values();
        double[] want = seq.values();
        boolean close = true;
        for (int i = 0; i < got.length; i++) {
            close &= Math.abs(got[i] - want[i]) <= RELATIVE * Math.max(1.0, Math.abs(want[i]));
        }
        v.check(close && e.printed().equals(seq.printed()), "as the one-thread run",
                e.printed() + " differs from the one-thread run " + seq.printed() + " (relative tolerance " + RELATIVE + ")");
        v.finish(e.kinetic(), e.printed() + "; " + size + ", " + summary);
    }
}
