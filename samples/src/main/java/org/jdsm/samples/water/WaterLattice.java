package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.H1;
import static org.jdsm.samples.water.WaterModel.H2;
import static org.jdsm.samples.water.WaterModel.O;
import static org.jdsm.samples.water.WaterModel.at;

/**
 * SPLASH-2 Water's initial state: molecules on a cubic lattice, all in the same orientation at
 * their equilibrium geometry, and random atom velocities shifted to zero mean and scaled per
 * direction to the run temperature (so that {@code sum m v^2 = k T} per atom and direction).
 */
final class WaterLattice {

    private WaterLattice() {
    }

    /** Positions, 9 per molecule, x then y then z, each H1, O, H2; molecules in x, y, z lattice order. */
    static double[] positions(WaterModel model) {
        int n = model.molecules;
        double ns = StrictMath.pow(n, 1.0 / 3.0) - 0.00001; // slightly below the side, as SPLASH-2 spaces it
        double xs = model.boxl / ns;
        double zero = xs * 0.50;
        double wcos = WaterModel.ROH * StrictMath.cos(WaterModel.ANGLE * 0.5);
        double wsin = WaterModel.ROH * StrictMath.sin(WaterModel.ANGLE * 0.5);
        double[] p = new double[n * WaterModel.PER_MOLECULE];
        int mol = 0;
        double xo = zero;
        for (int i = 0; i < ns; i++) {
            double xh = xo + wcos;
            double yo = zero;
            for (int j = 0; j < ns; j++) {
                double z = zero;
                for (int k = 0; k < ns; k++) {
                    p[at(mol, 0, H1)] = xh;
                    p[at(mol, 0, O)] = xo;
                    p[at(mol, 0, H2)] = xh;
                    p[at(mol, 1, H1)] = yo + wsin;
                    p[at(mol, 1, O)] = yo;
                    p[at(mol, 1, H2)] = yo - wsin;
                    for (int atom = 0; atom < 3; atom++) {
                        p[at(mol, 2, atom)] = z;
                    }
                    mol++;
                    z = z + xs;
                }
                yo = yo + xs;
            }
            xo = xo + xs;
        }
        if (mol != n) {
            throw new IllegalStateException("lattice holds " + mol + " molecules, expected " + n);
        }
        return p;
    }

    /**
     * The private state of every molecule: {@code [k]} the scaled k-th derivative of the positions
     * for k = 1..6 ({@code [0]} unused: positions are shared), velocities from {@code raw}, the
     * higher derivatives zero.
     */
    static double[][] derivatives(WaterModel model, double[] raw) {
        double[][] d = new double[WaterModel.ORDER + 1][];
        d[1] = velocities(model, raw);
        for (int k = 2; k <= WaterModel.ORDER; k++) {
            d[k] = new double[model.molecules * WaterModel.PER_MOLECULE];
        }
        return d;
    }

    /**
     * Scaled velocities ({@code v * TSTEP}) from {@code raw}, 9 per molecule in the same layout,
     * as SPLASH-2 turns its random numbers into momenta: subtract the mean per direction, scale
     * each direction so that {@code sum m v^2} is {@code k T} per atom, divide by the atom's mass.
     */
    static double[] velocities(WaterModel model, double[] raw) {
        int n = model.molecules;
        double[] v = new double[n * WaterModel.PER_MOLECULE];
        double[] mass = {WaterModel.HMAS, WaterModel.OMAS, WaterModel.HMAS};
        double fac = WaterModel.BOLTZ * WaterModel.TEMP * 3 * n / WaterModel.UNITM
                * StrictMath.pow(WaterModel.UNITT * model.tstep / WaterModel.UNITL, 2.0);
        for (int dir = 0; dir < 3; dir++) {
            double mean = 0.0;
            for (int mol = 0; mol < n; mol++) {
                for (int atom = 0; atom < 3; atom++) {
                    mean = mean + raw[at(mol, dir, atom)];
                }
            }
            mean = mean / (3 * n);
            double sum = 0.0;
            for (int mol = 0; mol < n; mol++) {
                double h1 = raw[at(mol, dir, H1)] - mean;
                double h2 = raw[at(mol, dir, H2)] - mean;
                double o = raw[at(mol, dir, O)] - mean;
                sum = sum + (h1 * h1 + h2 * h2) / WaterModel.HMAS + o * o / WaterModel.OMAS;
            }
            double scale = Math.sqrt(fac / sum);
            for (int mol = 0; mol < n; mol++) {
                for (int atom = 0; atom < 3; atom++) {
                    v[at(mol, dir, atom)] = (raw[at(mol, dir, atom)] - mean) * scale / mass[atom];
                }
            }
        }
        return v;
    }
}
