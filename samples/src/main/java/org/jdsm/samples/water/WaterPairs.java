package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.C1;
import static org.jdsm.samples.water.WaterModel.C2;
import static org.jdsm.samples.water.WaterModel.H1;
import static org.jdsm.samples.water.WaterModel.H2;
import static org.jdsm.samples.water.WaterModel.O;
import static org.jdsm.samples.water.WaterModel.PER_MOLECULE;
import static org.jdsm.samples.water.WaterModel.at;

import java.util.Arrays;

/**
 * The intermolecular (N-squared) part of SPLASH-2 Water for one thread's molecules: each molecule
 * interacts with the next {@code N/2} molecules around the ring (so every pair is computed once,
 * and the work is even), within the spherical cutoff under the minimum-image convention. Forces on
 * both molecules of a pair go into the thread's private partial array; the owners then add up
 * every thread's partial for their molecules ({@link #merge}), the reduction SPLASH-2 does under
 * per-molecule locks.
 *
 * <p>Per pair 14 site distances are used, in the order M-M, M-H1, M-H2, H1-M, H2-M, H1-H1,
 * H1-H2, H2-H1, H2-H2, O-O, O-H1, O-H2, H1-O, H2-O, where M is the charge site on the bisector.
 */
final class WaterPairs {

    private static final int SITES = 14;

    private final WaterModel model;
    private final int from;
    private final int to;
    private final double[] centre;
    private final double[] xl = new double[SITES];
    private final double[] yl = new double[SITES];
    private final double[] zl = new double[SITES];
    private final double[] rs = new double[SITES];
    private final double[] rl = new double[SITES];
    private final double[] ff = new double[SITES];

    WaterPairs(WaterModel model, int from, int to) {
        this.model = model;
        this.from = from;
        this.to = to;
        centre = new double[3 * model.molecules];
    }

    /** The last partner (before wrapping modulo N) of molecule {@code mol}: half the ring, balanced for even N. */
    static int lastPartner(int mol, int n) {
        int half = n / 2;
        int last = mol + half;
        if (n % 2 == 0) {
            if (half <= mol && mol % 2 == 0) {
                last--;
            }
            if (mol < half && last % 2 == 1) {
                last--;
            }
        }
        return last;
    }

    /**
     * Adds the intermolecular force on every atom of every pair this thread owns into
     * {@code partial[base + at(mol, dir, atom)]} (the region is zeroed first); returns the virial
     * sum {@code f(r) * r^2} over the site pairs.
     */
    double forces(double[] position, double[] partial, int base) {
        Arrays.fill(partial, base, base + model.molecules * PER_MOLECULE, 0.0);
        double[] virial = {0.0};
        forEachPair(position, (mol, comp, kc) -> virial[0] += pairForce(partial, base, mol, comp, kc));
        return virial[0];
    }

    /** What to do with a pair of molecules at least one of whose site pairs lies within the cutoff. */
    @FunctionalInterface
    private interface PairVisitor {
        void visit(int mol, int comp, int beyond);
    }

    /**
     * Visits this thread's pairs, {@code mol} with each of the next {@code N/2} molecules around
     * the ring, with the separations filled in, skipping pairs whose 9 charge-site pairs all lie
     * beyond the cutoff; {@code beyond} says how many of those 9 do.
     */
    private void forEachPair(double[] position, PairVisitor visitor) {
        centres(position);
        for (int mol = from; mol < to; mol++) {
            int last = lastPartner(mol, model.molecules);
            for (int icomp = mol + 1; icomp <= last; icomp++) {
                int comp = icomp % model.molecules;
                int kc = distances(position, mol, comp);
                if (kc != 9) {
                    visitor.visit(mol, comp, kc);
                }
            }
        }
    }

    /** Forces of one pair into the partials; returns its virial. */
    private double pairForce(double[] partial, int base, int mol, int comp, int kc) {
        double virial = 0.0;
        double cut2 = model.cut2;
        Arrays.fill(ff, 0.0);
        if (rs[0] < cut2) {
            ff[0] = WaterModel.QQ4 / (rs[0] * Math.sqrt(rs[0])) + model.ref4;
            virial = virial + ff[0] * rs[0];
        }
        for (int k = 1; k < 5; k++) {
            if (rs[k] < cut2) {
                ff[k] = -WaterModel.QQ2 / (rs[k] * Math.sqrt(rs[k])) - model.ref2;
                virial = virial + ff[k] * rs[k];
            }
            if (rs[k + 4] <= cut2) {
                rl[k + 4] = Math.sqrt(rs[k + 4]);
                ff[k + 4] = WaterModel.QQ / (rs[k + 4] * rl[k + 4]) + model.ref1;
                virial = virial + ff[k + 4] * rs[k + 4];
            }
        }
        if (kc == 0) {
            rs[9] = square(9);
            rl[9] = Math.sqrt(rs[9]);
            ff[9] = WaterModel.AB1 * StrictMath.exp(-WaterModel.B1 * rl[9]) / rl[9];
            virial = virial + ff[9] * rs[9];
            for (int k = 10; k < 14; k++) {
                double ftemp = WaterModel.AB2 * StrictMath.exp(-WaterModel.B2 * rl[k - 5]) / rl[k - 5];
                ff[k - 5] = ff[k - 5] + ftemp;
                virial = virial + ftemp * rs[k - 5];
                rs[k] = square(k);
                rl[k] = Math.sqrt(rs[k]);
                ff[k] = (WaterModel.AB3 * StrictMath.exp(-WaterModel.B3 * rl[k])
                        - WaterModel.AB4 * StrictMath.exp(-WaterModel.B4 * rl[k])) / rl[k];
                virial = virial + ff[k] * rs[k];
            }
        }
        for (int dir = 0; dir < 3; dir++) {
            addPairForce(partial, base, mol, comp, dir, dir == 0 ? xl : dir == 1 ? yl : zl);
        }
        return virial;
    }

    /** Splits the site-pair forces of one direction onto the atoms (M's share goes to O, H1, H2). */
    private void addPairForce(double[] partial, int base, int mol, int comp, int dir, double[] d) {
        double[] gg = new double[SITES + 1];
        for (int k = 0; k < SITES; k++) {
            gg[k + 1] = ff[k] * d[k];
        }
        double g110 = gg[10] + gg[1] * C1;
        double g23 = gg[2] + gg[3];
        double g45 = gg[4] + gg[5];
        double tt1 = gg[1] * C2;
        double tt = g23 * C2 + tt1;
        double tt2 = g45 * C2 + tt1;
        partial[base + at(mol, dir, H1)] += gg[6] + gg[7] + gg[13] + tt + gg[4];
        partial[base + at(mol, dir, O)] += g110 + gg[11] + gg[12] + C1 * g23;
        partial[base + at(mol, dir, H2)] += gg[8] + gg[9] + gg[14] + tt + gg[5];
        partial[base + at(comp, dir, H1)] += -gg[6] - gg[8] - gg[11] - tt2 - gg[2];
        partial[base + at(comp, dir, O)] += -g110 - gg[13] - gg[14] - C1 * g45;
        partial[base + at(comp, dir, H2)] += -gg[7] - gg[9] - gg[12] - tt2 - gg[3];
    }

    /**
     * Adds every thread's partial forces on molecules {@code [from, to)} into {@code dest}, in
     * thread order ({@code partials[base(t) + ...]} for {@code t = 0..threads-1}), then turns the
     * sums into scaled accelerations (times {@code TSTEP^2 / 2m}).
     */
    static void merge(WaterModel model, double[] dest, double[] partials, int stride, int threads, int from, int to) {
        for (int t = 0; t < threads; t++) {
            int base = t * stride;
            for (int k = from * PER_MOLECULE; k < to * PER_MOLECULE; k++) {
                dest[k] += partials[base + k];
            }
        }
        for (int mol = from; mol < to; mol++) {
            for (int dir = 0; dir < 3; dir++) {
                dest[at(mol, dir, H1)] = dest[at(mol, dir, H1)] * model.fhm;
                dest[at(mol, dir, O)] = dest[at(mol, dir, O)] * model.fom;
                dest[at(mol, dir, H2)] = dest[at(mol, dir, H2)] * model.fhm;
            }
        }
    }

    /**
     * Intermolecular potential energy of this thread's pairs: {@code [0]} the MCY energy (charges
     * and exponentials), {@code [1]} the reaction-field term. Site pairs beyond the cutoff count
     * as at the cutoff while any site pair of the two molecules is within it.
     */
    double[] potential(double[] position) {
        double[] energy = {0.0, 0.0};
        forEachPair(position, (mol, comp, kc) -> pairEnergy(energy, kc));
        return energy;
    }

    /** Adds one pair's MCY energy to {@code energy[0]} and its reaction-field term to {@code energy[1]}. */
    private void pairEnergy(double[] energy, int kc) {
        double pot = energy[0];
        double field = energy[1];
        double cut2 = model.cut2;
        for (int k = 0; k < 9; k++) {
            if (rs[k] <= cut2) {
                rl[k] = Math.sqrt(rs[k]);
            } else {
                rl[k] = WaterModel.CUTOFF;
                rs[k] = cut2;
            }
        }
        pot = pot - WaterModel.QQ2 / rl[1] - WaterModel.QQ2 / rl[2] - WaterModel.QQ2 / rl[3]
                - WaterModel.QQ2 / rl[4] + WaterModel.QQ / rl[5] + WaterModel.QQ / rl[6]
                + WaterModel.QQ / rl[7] + WaterModel.QQ / rl[8] + WaterModel.QQ4 / rl[0];
        field = field - model.ref2 * rs[0]
                - model.ref1 * ((rs[5] + rs[6] + rs[7] + rs[8]) * 0.5 - rs[1] - rs[2] - rs[3] - rs[4]);
        if (kc <= 0) {
            for (int k = 9; k < 14; k++) {
                rl[k] = Math.sqrt(square(k));
            }
            pot = pot + WaterModel.A1 * StrictMath.exp(-WaterModel.B1 * rl[9])
                    + WaterModel.A2 * (exp(-WaterModel.B2, 5) + exp(-WaterModel.B2, 6)
                    + exp(-WaterModel.B2, 7) + exp(-WaterModel.B2, 8))
                    + WaterModel.A3 * (exp(-WaterModel.B3, 10) + exp(-WaterModel.B3, 11)
                    + exp(-WaterModel.B3, 12) + exp(-WaterModel.B3, 13))
                    - WaterModel.A4 * (exp(-WaterModel.B4, 10) + exp(-WaterModel.B4, 11)
                    + exp(-WaterModel.B4, 12) + exp(-WaterModel.B4, 13));
        }
        energy[0] = pot;
        energy[1] = field;
    }

    private double exp(double rate, int k) {
        return StrictMath.exp(rate * rl[k]);
    }

    private double square(int k) {
        return xl[k] * xl[k] + yl[k] * yl[k] + zl[k] * zl[k];
    }

    /** Every molecule's charge site M (3 per molecule). */
    private void centres(double[] position) {
        for (int mol = 0; mol < model.molecules; mol++) {
            for (int dir = 0; dir < 3; dir++) {
                centre[3 * mol + dir] = C1 * position[at(mol, dir, O)]
                        + C2 * (position[at(mol, dir, H1)] + position[at(mol, dir, H2)]);
            }
        }
    }

    /**
     * Fills the 14 minimum-image site separations of {@code mol} and {@code comp} and the squared
     * lengths of the first 9; returns how many of those 9 lie beyond the cutoff.
     */
    private int distances(double[] position, int mol, int comp) {
        separations(position, mol, comp, 0, xl);
        separations(position, mol, comp, 1, yl);
        separations(position, mol, comp, 2, zl);
        int beyond = 0;
        for (int k = 0; k < 9; k++) {
            rs[k] = square(k);
            if (rs[k] > model.cut2) {
                beyond++;
            }
        }
        return beyond;
    }

    private void separations(double[] p, int a, int b, int dir, double[] d) {
        double ma = centre[3 * a + dir];
        double mb = centre[3 * b + dir];
        double ah1 = p[at(a, dir, H1)];
        double ao = p[at(a, dir, O)];
        double ah2 = p[at(a, dir, H2)];
        double bh1 = p[at(b, dir, H1)];
        double bo = p[at(b, dir, O)];
        double bh2 = p[at(b, dir, H2)];
        d[0] = ma - mb;
        d[1] = ma - bh1;
        d[2] = ma - bh2;
        d[3] = ah1 - mb;
        d[4] = ah2 - mb;
        d[5] = ah1 - bh1;
        d[6] = ah1 - bh2;
        d[7] = ah2 - bh1;
        d[8] = ah2 - bh2;
        d[9] = ao - bo;
        d[10] = ao - bh1;
        d[11] = ao - bh2;
        d[12] = ah1 - bo;
        d[13] = ah2 - bo;
        for (int k = 0; k < SITES; k++) {
            if (Math.abs(d[k]) > model.boxh) {
                d[k] = d[k] - (d[k] < 0 ? -model.boxl : model.boxl);
            }
        }
    }
}
