package org.jdsm.samples.water;

import static org.jdsm.samples.water.WaterModel.H1;
import static org.jdsm.samples.water.WaterModel.H2;
import static org.jdsm.samples.water.WaterModel.O;
import static org.jdsm.samples.water.WaterModel.PER_MOLECULE;
import static org.jdsm.samples.water.WaterModel.at;

/**
 * One thread's molecules {@code [from, to)} and the per-molecule phases of a SPLASH-2 Water time
 * step on them: predictor, intramolecular forces, corrector, periodic boundary, kinetic energy and
 * intramolecular potential energy. Derivatives and forces are touched only by the molecules'
 * owner, so they live in arrays private to the node; positions (read by every thread) are passed
 * in, shared in DSM runs.
 */
final class WaterMolecules {

    private final WaterModel model;
    /** {@code derivative[k]}: the scaled k-th time derivative of every position, k = 1..6 (0 unused). */
    private final double[][] derivative;
    /** Force per mass (scaled like the acceleration) after {@link WaterPairs#merge}. */
    private final double[] force;
    final int from;
    final int to;

    WaterMolecules(WaterModel model, double[][] derivative, double[] force, int from, int to) {
        this.model = model;
        this.derivative = derivative;
        this.force = force;
        this.from = from;
        this.to = to;
    }

    /** Predictor: a Taylor step of positions and derivatives (binomial coefficients in Nordsieck form). */
    void predict(double[] position) {
        for (int order = 0; order < WaterModel.ORDER; order++) {
            double[] target = order == 0 ? position : derivative[order];
            for (int k = from * PER_MOLECULE; k < to * PER_MOLECULE; k++) {
                double s = 0.0;
                for (int higher = order + 1; higher <= WaterModel.ORDER; higher++) {
                    s += BINOMIAL[higher][order] * derivative[higher][k];
                }
                target[k] += s;
            }
        }
    }

    private static final double[][] BINOMIAL = binomials(WaterModel.ORDER);

    private static double[][] binomials(int n) {
        double[][] c = new double[n + 1][n + 1];
        for (int i = 0; i <= n; i++) {
            c[i][0] = 1.0;
            for (int j = 1; j <= i; j++) {
                c[i][j] = c[i - 1][j - 1] + (j < i ? c[i - 1][j] : 0.0);
            }
        }
        return c;
    }

    /**
     * Intramolecular forces from the bond stretches and angle bend (quadratic, cubic and quartic
     * terms) into the force array; returns this thread's virial sum {@code x . f} over its atoms.
     */
    double intraForces(double[] position) {
        double[] vr1 = new double[3];
        double[] vr2 = new double[3];
        double[] dr11 = new double[3];
        double[] dr23 = new double[3];
        double[] dt1 = new double[3];
        double[] dt3 = new double[3];
        for (int mol = from; mol < to; mol++) {
            double sum = 0.0;
            double r1 = 0.0;
            double r2 = 0.0;
            for (int dir = 0; dir < 3; dir++) {
                double o = position[at(mol, dir, O)];
                vr1[dir] = o - position[at(mol, dir, H1)];
                r1 += vr1[dir] * vr1[dir];
                vr2[dir] = o - position[at(mol, dir, H2)];
                r2 += vr2[dir] * vr2[dir];
                sum += vr1[dir] * vr2[dir];
            }
            r1 = Math.sqrt(r1);
            r2 = Math.sqrt(r2);
            double cos = sum / (r1 * r2);
            double sin = Math.sqrt(1.0 - cos * cos);
            double dt = (StrictMath.acos(cos) - WaterModel.ANGLE) * WaterModel.ROH;
            double dts = dt * dt;
            double dr1 = r1 - WaterModel.ROH;
            double dr1s = dr1 * dr1;
            double dr2 = r2 - WaterModel.ROH;
            double dr2s = dr2 * dr2;
            double r1s = WaterModel.ROH / (r1 * sin);
            double r2s = WaterModel.ROH / (r2 * sin);
            for (int dir = 0; dir < 3; dir++) {
                dr11[dir] = vr1[dir] / r1;
                dr23[dir] = vr2[dir] / r2;
                dt1[dir] = (-dr23[dir] + dr11[dir] * cos) * r1s;
                dt3[dir] = (-dr11[dir] + dr23[dir] * cos) * r2s;
            }
            double f1 = stretch(dr1, dr2, dr1s, dr2s, dt, dts);
            double f3 = stretch(dr2, dr1, dr2s, dr1s, dt, dts);
            double f2 = bend(dr1, dr2, dr1s, dr2s, dt, dts);
            for (int dir = 0; dir < 3; dir++) {
                double t1 = f1 * dr11[dir] + f2 * dt1[dir];
                double t2 = f3 * dr23[dir] + f2 * dt3[dir];
                force[at(mol, dir, H1)] = t1;
                force[at(mol, dir, H2)] = t2;
                force[at(mol, dir, O)] = -(t1 + t2);
            }
        }
        double virial = 0.0;
        for (int k = from * PER_MOLECULE; k < to * PER_MOLECULE; k++) {
            virial += position[k] * force[k];
        }
        return virial;
    }

    /** Minus the derivative of the intramolecular potential along bond {@code a} (the other is {@code b}). */
    private static double stretch(double a, double b, double as, double bs, double dt, double dts) {
        double f = WaterModel.FC11 * a + WaterModel.FC12 * b + WaterModel.FC13 * dt;
        f = f + (3.0 * WaterModel.FC111 * as + WaterModel.FC112 * (2.0 * a + b) * b
                + 2.0 * WaterModel.FC113 * a * dt + WaterModel.FC123 * b * dt + WaterModel.FC133 * dts) * WaterModel.ROHI;
        return f + (4.0 * WaterModel.FC1111 * as * a + WaterModel.FC1112 * (3.0 * as + bs) * b
                + 2.0 * WaterModel.FC1122 * a * bs + 3.0 * WaterModel.FC1113 * as * dt
                + WaterModel.FC1123 * (2.0 * a + b) * b * dt
                + (2.0 * WaterModel.FC1133 * a + WaterModel.FC1233 * b + WaterModel.FC1333 * dt) * dts) * WaterModel.ROHI2;
    }

    /** Minus the derivative of the intramolecular potential along the (length-scaled) angle. */
    private static double bend(double dr1, double dr2, double dr1s, double dr2s, double dt, double dts) {
        double f = WaterModel.FC33 * dt + WaterModel.FC13 * (dr1 + dr2);
        f = f + (3.0 * WaterModel.FC333 * dts + WaterModel.FC113 * (dr1s + dr2s)
                + WaterModel.FC123 * dr1 * dr2 + 2.0 * WaterModel.FC133 * (dr1 + dr2) * dt) * WaterModel.ROHI;
        return f + (4.0 * WaterModel.FC3333 * dts * dt + WaterModel.FC1113 * (dr1s * dr1 + dr2s * dr2)
                + WaterModel.FC1123 * (dr1 + dr2) * dr1 * dr2 + 2.0 * WaterModel.FC1133 * (dr1s + dr2s) * dt
                + 2.0 * WaterModel.FC1233 * dr1 * dr2 * dt + 3.0 * WaterModel.FC1333 * (dr1 + dr2) * dts)
                * WaterModel.ROHI2;
    }

    /** The force array (intramolecular forces, to which {@link WaterPairs#merge} adds). */
    double[] force() {
        return force;
    }

    /** Acceleration array: the scaled second derivative. */
    double[] acceleration() {
        return derivative[2];
    }

    /** Corrector: moves positions and derivatives by the Gear coefficients times (force - predicted acceleration). */
    void correct(double[] position) {
        double[] acc = derivative[2];
        for (int k = from * PER_MOLECULE; k < to * PER_MOLECULE; k++) {
            double y = force[k] - acc[k];
            for (int order = 0; order <= WaterModel.ORDER; order++) {
                double[] target = order == 0 ? position : derivative[order];
                target[k] += WaterModel.CORRECTOR[order] * y;
            }
        }
    }

    /** Periodic boundary: a molecule whose oxygen left the box moves back whole. */
    void boundary(double[] position) {
        double boxl = model.boxl;
        for (int mol = from; mol < to; mol++) {
            for (int dir = 0; dir < 3; dir++) {
                double shift = 0.0;
                double o = position[at(mol, dir, O)];
                if (o > boxl) {
                    shift = -boxl;
                } else if (o < 0.00) {
                    shift = boxl;
                }
                if (shift != 0.0) {
                    for (int atom = 0; atom < 3; atom++) {
                        position[at(mol, dir, atom)] += shift;
                    }
                }
            }
        }
    }

    /** {@code sum m v^2} of this thread's atoms in direction {@code dir} (scaled velocities). */
    double kinetic(int dir) {
        double[] v = derivative[1];
        double s = 0.0;
        for (int mol = from; mol < to; mol++) {
            double h1 = v[at(mol, dir, H1)];
            double h2 = v[at(mol, dir, H2)];
            double o = v[at(mol, dir, O)];
            s += (h1 * h1 + h2 * h2) * WaterModel.HMAS + (o * o) * WaterModel.OMAS;
        }
        return s;
    }

    /** Intramolecular potential energy of this thread's molecules. */
    double intraPotential(double[] position) {
        double pot = 0.0;
        for (int mol = from; mol < to; mol++) {
            double dx1 = position[at(mol, 0, O)] - position[at(mol, 0, H1)];
            double dy1 = position[at(mol, 1, O)] - position[at(mol, 1, H1)];
            double dz1 = position[at(mol, 2, O)] - position[at(mol, 2, H1)];
            double dx2 = position[at(mol, 0, O)] - position[at(mol, 0, H2)];
            double dy2 = position[at(mol, 1, O)] - position[at(mol, 1, H2)];
            double dz2 = position[at(mol, 2, O)] - position[at(mol, 2, H2)];
            double r1 = Math.sqrt(dx1 * dx1 + dy1 * dy1 + dz1 * dz1);
            double r2 = Math.sqrt(dx2 * dx2 + dy2 * dy2 + dz2 * dz2);
            double cos = (dx1 * dx2 + dy1 * dy2 + dz1 * dz2) / (r1 * r2);
            double dt = (StrictMath.acos(cos) - WaterModel.ANGLE) * WaterModel.ROH;
            double dr1 = r1 - WaterModel.ROH;
            double dr2 = r2 - WaterModel.ROH;
            double dr1s = dr1 * dr1;
            double dr2s = dr2 * dr2;
            double drp = dr1 + dr2;
            double dts = dt * dt;
            pot += (WaterModel.FC11 * (dr1s + dr2s) + WaterModel.FC33 * dts) * 0.5
                    + WaterModel.FC12 * dr1 * dr2 + WaterModel.FC13 * drp * dt
                    + (WaterModel.FC111 * (dr1s * dr1 + dr2s * dr2) + WaterModel.FC333 * dts * dt
                    + WaterModel.FC112 * drp * dr1 * dr2 + WaterModel.FC113 * (dr1s + dr2s) * dt
                    + WaterModel.FC123 * dr1 * dr2 * dt + WaterModel.FC133 * drp * dts) * WaterModel.ROHI;
            pot += (WaterModel.FC1111 * (dr1s * dr1s + dr2s * dr2s) + WaterModel.FC3333 * dts * dts
                    + WaterModel.FC1112 * (dr1s + dr2s) * dr1 * dr2 + WaterModel.FC1122 * dr1s * dr2s
                    + WaterModel.FC1113 * (dr1s * dr1 + dr2s * dr2) * dt + WaterModel.FC1123 * drp * dr1 * dr2 * dt
                    + WaterModel.FC1133 * (dr1s + dr2s) * dts + WaterModel.FC1233 * dr1 * dr2 * dts
                    + WaterModel.FC1333 * drp * dts * dt) * WaterModel.ROHI2;
        }
        return pot;
    }
}
