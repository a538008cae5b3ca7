package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.PER_MOLECULE;

import java.util.stream.IntStream;
import org.jdsm.samples.support.SharedAccess;

/**
 * One thread's part of a SPLASH-2 Water run, the same code on JDSM and on plain threads. Shared:
 * the positions (one block per thread's molecules), every thread's partial intermolecular forces
 * (one block per (writer, owner) pair, homed on the writer) and every thread's scalar sums (one
 * block per thread). A step: predict and intramolecular forces; barrier; pair forces into the
 * thread's partials; barrier; owners merge the partials, correct, wrap into the box and sum the
 * kinetic energy; barrier; every thread adds up the sums in thread order (and, on the last step,
 * the potential energies, with one more barrier), then a barrier ends the step.
 */
final class WaterRun {

    /** Slots of a thread's scalar sums. */
    static final int INTRA_VIRIAL = 0;
    static final int INTER_VIRIAL = 1;
    static final int KINETIC = 2; // three slots, x y z
    static final int POT_INTRA = 5;
    static final int POT_INTER = 6;
    static final int POT_FIELD = 7;
    static final int SLOTS = 8;

    private final WaterModel model;
    private final WaterSize size;
    private final WaterShared shared;
    private final WaterMolecules mine;
    private final WaterPairs pairs;
    private final int me;
    private final int threads;
    private final SharedAccess access;

    WaterRun(WaterModel model, WaterSize size, WaterShared shared, WaterMolecules mine, int me, int threads,
            SharedAccess access) {
        this.model = model;
        this.size = size;
        this.shared = shared;
        this.mine = mine;
        this.pairs = new WaterPairs(model, mine.from, mine.to);
        this.me = me;
        this.threads = threads;
        this.access = access;
    }

    /** Runs every step; returns the energies after the last one (every thread gets the same values). */
    WaterEnergies run() {
        double[] position = shared.position();
        boolean owns = mine.from < mine.to;
        // Initial accelerations: the intermolecular forces alone, as SPLASH-2 starts.
        readAll(position);
        pairForces(position);
        access.barrier();
        mergeInto(mine.acceleration());
        access.barrier();
        double tkin = 0.0;
        double tvir = 0.0;
        WaterEnergies energies = null;
        for (int step = 1; step <= size.steps(); step++) {
            double intraVirial = 0.0;
            if (owns) {
                access.write(position, mine.from * PER_MOLECULE);
                mine.predict(position);
                intraVirial = mine.intraForces(position);
                access.written(position, mine.from * PER_MOLECULE);
            }
            access.barrier(); // pair forces need every predicted position
            readAll(position);
            double interVirial = pairForces(position);
            access.barrier(); // the merge needs every thread's partials
            if (owns) {
                mergeInto(mine.force());
                access.write(position, mine.from * PER_MOLECULE);
                mine.correct(position);
                mine.boundary(position);
                access.written(position, mine.from * PER_MOLECULE);
            }
            publish(new int[] {INTRA_VIRIAL, INTER_VIRIAL, KINETIC, KINETIC + 1, KINETIC + 2},
                    intraVirial, interVirial, mine.kinetic(0), mine.kinetic(1), mine.kinetic(2));
            access.barrier(); // the sums need every thread's part
            double[] kin = {total(KINETIC), total(KINETIC + 1), total(KINETIC + 2)};
            double ksum = kin[0] + kin[1] + kin[2];
            tkin = tkin + ksum;
            tvir = tvir - (total(INTRA_VIRIAL) + total(INTER_VIRIAL));
            if (step == size.steps()) {
                readAll(position);
                double[] inter = pairs.potential(position);
                publish(new int[] {POT_INTRA, POT_INTER, POT_FIELD}, mine.intraPotential(position), inter[0], inter[1]);
                access.barrier();
                double pota = total(POT_INTRA) * model.fpot;
                double potr = total(POT_INTER) * model.fpot;
                double potrf = total(POT_FIELD) * model.fpot;
                double ten = ksum * model.fkin;
                energies = new WaterEnergies(ten, pota, potr, potrf, pota + potr + potrf + ten,
                        tkin * model.fkin * WaterModel.TEMP * 2.00 / (3.00 * step), tvir * model.fpot * 0.50 / step);
            }
            access.barrier(); // the next step overwrites positions and sums read above
        }
        return energies;
    }

    private void readAll(double[] position) {
        access.readAll(position, IntStream.range(0, threads).map(shared::firstMolecule)
                .filter(first -> first < model.molecules).map(first -> first * PER_MOLECULE).toArray());
    }

    /** Pair forces into this thread's partials (published block by block); returns the virial. */
    private double pairForces(double[] position) {
        double[] partials = shared.partials();
        int base = me * shared.stride();
        for (int block = 0; block < threads; block++) {
            access.write(partials, base + block * shared.chunk() * PER_MOLECULE);
        }
        double virial = pairs.forces(position, partials, base);
        for (int block = 0; block < threads; block++) {
            access.written(partials, base + block * shared.chunk() * PER_MOLECULE);
        }
        return virial;
    }

    /** Adds every thread's partial forces on this thread's molecules into {@code dest}, scaled to accelerations. */
    private void mergeInto(double[] dest) {
        if (mine.from >= mine.to) {
            return;
        }
        double[] partials = shared.partials();
        access.readAll(partials, IntStream.range(0, threads).map(t -> t * shared.stride() + mine.from * PER_MOLECULE).toArray());
        WaterPairs.merge(model, dest, partials, shared.stride(), threads, mine.from, mine.to);
    }

    private void publish(int[] slots, double... values) {
        double[] sums = shared.sums();
        access.write(sums, me * SLOTS);
        for (int i = 0; i < slots.length; i++) {
            sums[me * SLOTS + slots[i]] = values[i];
        }
        access.written(sums, me * SLOTS);
    }

    /** Slot {@code slot} added up over all threads, in thread order. */
    private double total(int slot) {
        double[] sums = shared.sums();
        access.readAll(sums, IntStream.range(0, threads).map(t -> t * SLOTS).toArray());
        double s = 0.0;
        for (int t = 0; t < threads; t++) {
            s = s + sums[t * SLOTS + slot];
        }
        return s;
    }
}
