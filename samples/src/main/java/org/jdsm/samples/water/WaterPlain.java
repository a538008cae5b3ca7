package org.jdsm.samples.water;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.SharedAccess;
import org.jdsm.samples.support.Split;

/** The same Water on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class WaterPlain {

    private WaterPlain() {
    }

    /** Runs Water with {@code args} as for {@link Water} on {@code threads} threads, validates, returns the kinetic energy. */
    public static double run(int threads, List<String> args) {
        WaterSize size = WaterSize.parse(args);
        WaterModel model = new WaterModel(size);
        WaterShared shared = WaterShared.create(WaterLattice.positions(model), size.molecules(), threads);
        double[][] derivative = WaterLattice.derivatives(model, WaterReference.raw(size));
        double[] force = new double[size.molecules() * WaterModel.PER_MOLECULE];
        WaterEnergies[] result = new WaterEnergies[1];
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            WaterMolecules mine = new WaterMolecules(model, derivative, force,
                    Split.chunkStart(id, threads, size.molecules()), Split.chunkEnd(id, threads, size.molecules()));
            WaterEnergies e = new WaterRun(model, size, shared, mine, id, threads, SharedAccess.plain(barrier)).run();
            if (id == 0) {
                result[0] = e;
            }
        });
        long millis = (System.nanoTime() - began) / 1_000_000;
        WaterReference.validate(size, result[0], "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return result[0].kinetic();
    }
}
