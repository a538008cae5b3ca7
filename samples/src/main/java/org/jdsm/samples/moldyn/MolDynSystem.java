package org.jdsm.samples.moldyn;

/**
 * JGF MolDyn's model (section 3): argon-like particles with a Lennard-Jones potential in a
 * periodic cube, in reduced units. Holds the constants JGF derives from the size and builds the
 * initial state: fcc lattice positions and velocities from JGF's Park-Miller generator with the
 * polar Box-Muller method, shifted to zero momentum and scaled to the reference temperature.
 */
final class MolDynSystem {

    static final double DENSITY = 0.83134;
    static final double TREF = 0.722;
    static final double H = 0.064;
    /** Temperature is rescaled after every {@code IREP} moves while the move is below {@code ISTOP}. */
    static final int IREP = 10;
    static final int ISTOP = 19;

    final MolDynSize size;
    final int n;
    final double side;
    final double rcoffs;
    final double hsq;
    final double hsq2;
    final double tscale;

    MolDynSystem(MolDynSize size) {
        this.size = size;
        n = size.particles();
        side = Math.pow(n / DENSITY, 0.3333333);
        double rcoff = size.mm() / 4.0;
        rcoffs = rcoff * rcoff;
        hsq = H * H;
        hsq2 = hsq * 0.5;
        tscale = 16.0 / (1.0 * n - 1.0);
    }

    /** Initial positions, {@code x, y, z} per particle, in JGF's order of the four fcc sublattices. */
    double[] initialPositions() {
        int mm = size.mm();
        double a = side / mm;
        double[] p = new double[3 * n];
        int q = 0;
        for (int lg = 0; lg <= 1; lg++) {
            for (int i = 0; i < mm; i++) {
                for (int j = 0; j < mm; j++) {
                    for (int k = 0; k < mm; k++) {
                        p[q++] = i * a + lg * a * 0.5;
                        p[q++] = j * a + lg * a * 0.5;
                        p[q++] = k * a;
                    }
                }
            }
        }
        for (int lg = 1; lg <= 2; lg++) {
            for (int i = 0; i < mm; i++) {
                for (int j = 0; j < mm; j++) {
                    for (int k = 0; k < mm; k++) {
                        p[q++] = i * a + (2 - lg) * a * 0.5;
                        p[q++] = j * a + (lg - 1) * a * 0.5;
                        p[q++] = k * a + a * 0.5;
                    }
                }
            }
        }
        return p;
    }

    /** Initial velocities, {@code x, y, z} per particle: Gaussian, zero total momentum, scaled to {@code TREF}. */
    double[] initialVelocities() {
        double[] v = new double[3 * n];
        Gaussian random = new Gaussian();
        for (int d = 0; d < 3; d++) { // all x components first, then y, then z, as JGF draws them
            for (int i = 0; i < n; i += 2) {
                double r = random.next();
                v[3 * i + d] = r * random.v1;
                v[3 * i + 3 + d] = r * random.v2;
            }
        }
        double ekin = 0.0;
        for (int d = 0; d < 3; d++) {
            double sp = 0.0;
            for (int i = 0; i < n; i++) {
                sp = sp + v[3 * i + d];
            }
            sp = sp / n;
            for (int i = 0; i < n; i++) {
                v[3 * i + d] = v[3 * i + d] - sp;
                ekin = ekin + v[3 * i + d] * v[3 * i + d];
            }
        }
        double sc = H * Math.sqrt(TREF / (tscale * ekin));
        for (int k = 0; k < v.length; k++) {
            v[k] = v[k] * sc;
        }
        return v;
    }

    /** JGF's {@code random} class: Park-Miller in 15-bit halves, and a polar Box-Muller pair per call. */
    private static final class Gaussian {
        private int iseed = 0;
        double v1;
        double v2;

        private double uniform() {
            if (iseed <= 0) {
                iseed = 1;
            }
            int is2 = iseed % 32768;
            int is1 = (iseed - is2) / 32768;
            int iss2 = is2 * 16807;
            is2 = iss2 % 32768;
            is1 = (is1 * 16807 + (iss2 - is2) / 32768) % 65536;
            iseed = (is1 * 32768 + is2) % 2147483647;
            return 4.656612875e-10 * iseed;
        }

        /** JGF's {@code seed()}: sets {@code v1, v2} in the unit disc and returns their Gaussian scale. */
        double next() {
            double s;
            do {
                v1 = 2.0 * uniform() - 1.0;
                v2 = 2.0 * uniform() - 1.0;
                s = v1 * v1 + v2 * v2;
            } while (s >= 1.0);
            return Math.sqrt(-2.0 * Math.log(s) / s);
        }
    }
}
