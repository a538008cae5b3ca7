package org.jdsm.samples.water;

/**
 * The physics of SPLASH-2 Water (the SPLASH report's Water, after Matsuoka, Clementi and Yoshimine):
 * flexible water molecules in a periodic cube at 298 K and 0.998 g/cc, the MCY intermolecular
 * potential (charges plus exponential repulsion and attraction between sites, within a spherical
 * cutoff, with a reaction-field correction) and a quartic intramolecular force field in the bond
 * lengths and angle. Lengths are in angstrom, masses in amu, time in units of 1e-15 s; positions
 * and their derivatives are kept scaled as {@code d^k x / dt^k * TSTEP^k / k!} (Nordsieck form),
 * which is what makes the predictor a table of binomial coefficients.
 */
final class WaterModel {

    // Molecular constants (angstrom, radian, amu).
    static final double ROH = 0.9572;
    static final double ROHI = 1.0 / ROH;
    static final double ROHI2 = ROHI * ROHI;
    static final double ANGLE = 1.824218;
    static final double OMAS = 15.99945;
    static final double HMAS = 1.007825;
    static final double WTMOL = OMAS + 2.0 * HMAS;

    // Units (c.g.s.) used to scale the variables.
    static final double UNITT = 1.0e-15;
    static final double UNITL = 1.0e-8;
    static final double UNITM = 1.6605655e-24;
    static final double BOLTZ = 1.380662e-16;

    // Intramolecular force constants, scaled by UNITM / UNITT^2: quadratic, cubic, quartic.
    static final double FC11 = 0.512596;
    static final double FC33 = 0.048098;
    static final double FC12 = -0.005823;
    static final double FC13 = 0.016452;
    static final double FC111 = -0.57191;
    static final double FC333 = -0.007636;
    static final double FC112 = -0.001867;
    static final double FC113 = -0.002047;
    static final double FC123 = -0.03083;
    static final double FC133 = -0.0094245;
    static final double FC1111 = 0.8431;
    static final double FC3333 = -0.00193;
    static final double FC1112 = -0.0030;
    static final double FC1122 = 0.0036;
    static final double FC1113 = -0.012;
    static final double FC1123 = 0.0060;
    static final double FC1133 = -0.0048;
    static final double FC1233 = 0.0211;
    static final double FC1333 = 0.006263;

    // MCY water-water parameters: site charge product and exponential terms.
    static final double QQ = 0.07152158;
    static final double A1 = 455.313100;
    static final double B1 = 5.15271070;
    static final double A2 = 0.27879839;
    static final double B2 = 2.76084370;
    static final double A3 = 0.60895706;
    static final double B3 = 2.96189550;
    static final double A4 = 0.11447336;
    static final double B4 = 2.23326410;
    /** Where the negative charge sits: {@code M = C1 * O + C2 * (H1 + H2)}. */
    static final double CM = 0.45682590;
    static final double C1 = 1.0 - CM;
    static final double C2 = 0.50 * CM;
    static final double AB1 = A1 * B1;
    static final double AB2 = A2 * B2;
    static final double AB3 = A3 * B3;
    static final double AB4 = A4 * B4;
    static final double QQ2 = 2.00 * QQ;
    static final double QQ4 = 2.00 * QQ2;

    /** Run conditions of the SPLASH-2 input deck. */
    static final double TEMP = 298.0;
    static final double RHO = 0.9980;
    static final double TSTEP_SECONDS = 1.5e-16;
    static final double CUTOFF = 6.212752;

    /** Gear corrector coefficients for a second-order equation, sixth-order method (orders 0..6). */
    static final double[] CORRECTOR = {863.00 / 6048.00, 665.00 / 1008.00, 1.0, 25.00 / 36.00, 35.00 / 144.00,
        1.0 / 24.00, 1.0 / 360.00};
    /** Highest derivative kept: positions and six derivatives. */
    static final int ORDER = 6;

    // Atom slots within a molecule and the layout of a molecule's 9 coordinates (direction-major).
    static final int H1 = 0;
    static final int O = 1;
    static final int H2 = 2;
    static final int PER_MOLECULE = 9;

    final int molecules;
    final double tstep;
    final double boxl;
    final double boxh;
    final double cut2;
    final double ref1;
    final double ref2;
    final double ref4;
    final double fhm;
    final double fom;
    /** Potential energy to units of kT per atom. */
    final double fpot;
    /** Sum of m v^2 (in scaled velocities) to kinetic energy in units of kT per atom. */
    final double fkin;

    WaterModel(WaterSize size) {
        molecules = size.molecules();
        tstep = TSTEP_SECONDS / UNITT;
        int atoms = 3 * molecules;
        fpot = UNITM * Math.pow(UNITL / UNITT, 2.0) / (BOLTZ * TEMP * atoms);
        fkin = fpot * 0.50 / (tstep * tstep);
        boxl = Math.pow(molecules * WTMOL * UNITM / RHO, 1.00 / 3.00) / UNITL;
        boxh = boxl * 0.50;
        ref1 = -QQ / (CUTOFF * CUTOFF * CUTOFF);
        ref2 = 2.00 * ref1;
        ref4 = 2.00 * ref2;
        cut2 = CUTOFF * CUTOFF;
        fhm = (tstep * tstep * 0.50) / HMAS;
        fom = (tstep * tstep * 0.50) / OMAS;
    }

    /** Index of atom {@code atom}'s coordinate {@code dir} of molecule {@code mol} in a 9-per-molecule array. */
    static int at(int mol, int dir, int atom) {
        return mol * PER_MOLECULE + dir * 3 + atom;
    }
}
