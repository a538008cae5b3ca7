package org.jdsm.samples.moldyn;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.Split;

/** The same MolDyn on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class MolDynPlain {

    private MolDynPlain() {
    }

    /** Runs MolDyn with {@code args} as for {@link MolDyn} on {@code threads} threads, validates, returns {@code ek}. */
    public static double run(int threads, List<String> args) {
        MolDynSystem system = new MolDynSystem(MolDynSize.parse(args));
        double[] position = system.initialPositions();
        double[] kinetic = new double[system.n];
        double[] velocity = system.initialVelocities();
        double[] force = new double[3 * system.n];
        double[] ek = new double[1];
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            MolDynParticles mine = new MolDynParticles(system, velocity, force,
                    Split.chunkStart(id, threads, system.n), Split.chunkEnd(id, threads, system.n));
            for (int move = 0; move < system.size.moves(); move++) {
                mine.move(position);
                barrier.await();
                mine.forces(position);
                mine.kinetic(kinetic);
                barrier.await();
                double e = mine.finish(move, kinetic);
                if (id == 0) {
                    ek[0] = e;
                }
            }
        });
        long millis = (System.nanoTime() - began) / 1_000_000;
        MolDynReference.validate(system.size, ek[0], "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return ek[0];
    }
}
