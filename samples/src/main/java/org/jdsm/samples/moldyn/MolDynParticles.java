package org.jdsm.samples.moldyn;

/**
 * One thread's particles {@code [from, to)} and the steps of a JGF MolDyn move on them. Velocities
 * and forces are touched only by the particles' owner, so they live in arrays private to the node;
 * positions (read by every thread) and per-particle kinetic energies (summed by every thread) are
 * passed in, shared in DSM runs.
 *
 * <p>JGF computes each pair once and applies Newton's third law; here each thread sums the full
 * force on its own particles, pairs below first and pairs above second. Because the pair force is
 * odd in the separation, this adds the very terms JGF adds in the very order, so trajectories are
 * bit-identical to JGF's sequential run for every thread count, without a force reduction.
 */
final class MolDynParticles {

    private final MolDynSystem system;
    private final double[] velocity;
    private final double[] force;
    private final int from;
    private final int to;

    MolDynParticles(MolDynSystem system, double[] velocity, double[] force, int from, int to) {
        this.system = system;
        this.velocity = velocity;
        this.force = force;
        this.from = from;
        this.to = to;
    }

    /** JGF's {@code domove}: advances positions, wraps them into the box, adds the force to the velocity. */
    void move(double[] position) {
        double side = system.side;
        for (int k = 3 * from; k < 3 * to; k++) {
            double p = position[k] + velocity[k] + force[k];
            if (p < 0) {
                p = p + side;
            }
            if (p > side) {
                p = p - side;
            }
            position[k] = p;
            velocity[k] = velocity[k] + force[k];
            force[k] = 0.0;
        }
    }

    /** JGF's {@code force}, summed per particle: Lennard-Jones forces within the cutoff, minimum image. */
    void forces(double[] position) {
        for (int i = from; i < to; i++) {
            double[] below = pairSum(position, i, 0, i);
            double[] above = pairSum(position, i, i + 1, system.n);
            for (int d = 0; d < 3; d++) {
                force[3 * i + d] = below[d] + above[d];
            }
        }
    }

    private double[] pairSum(double[] position, int i, int jFrom, int jTo) {
        double side = system.side;
        double sideh = 0.5 * side;
        double xi = position[3 * i];
        double yi = position[3 * i + 1];
        double zi = position[3 * i + 2];
        double fx = 0.0;
        double fy = 0.0;
        double fz = 0.0;
        for (int j = jFrom; j < jTo; j++) {
            double xx = wrap(xi - position[3 * j], side, sideh);
            double yy = wrap(yi - position[3 * j + 1], side, sideh);
            double zz = wrap(zi - position[3 * j + 2], side, sideh);
            double rd = xx * xx + yy * yy + zz * zz;
            if (rd <= system.rcoffs) {
                double rrd = 1.0 / rd;
                double rrd2 = rrd * rrd;
                double rrd4 = rrd2 * rrd2;
                double rrd7 = rrd2 * rrd4 * rrd;
                double r148 = rrd7 - 0.5 * rrd4;
                fx = fx + xx * r148;
                fy = fy + yy * r148;
                fz = fz + zz * r148;
            }
        }
        return new double[] {fx, fy, fz};
    }

    private static double wrap(double d, double side, double sideh) {
        double e = d < -sideh ? d + side : d; // conditional moves, not branches: separations are random
        return e > sideh ? e - side : e;
    }

    /** JGF's {@code mkekin}: scales forces to accelerations, adds them to the velocities, stores each |v|^2. */
    void kinetic(double[] kinetic) {
        for (int i = from; i < to; i++) {
            for (int k = 3 * i; k < 3 * i + 3; k++) {
                force[k] = force[k] * system.hsq2;
                velocity[k] = velocity[k] + force[k];
            }
            double vx = velocity[3 * i];
            double vy = velocity[3 * i + 1];
            double vz = velocity[3 * i + 2];
            kinetic[i] = (vx * vx) + (vy * vy) + (vz * vz);
        }
    }

    /**
     * Ends move {@code move}: the kinetic energy summed over all particles in index order (as JGF
     * does), with JGF's temperature rescaling where due. Returns JGF's {@code ek = 24 * ekin}.
     */
    double finish(int move, double[] kinetic) {
        double sum = 0.0;
        for (double e : kinetic) {
            sum = sum + e;
        }
        double ekin = sum / system.hsq;
        if (move < MolDynSystem.ISTOP && (move + 1) % MolDynSystem.IREP == 0) {
            double sc = Math.sqrt(MolDynSystem.TREF / (system.tscale * ekin));
            for (int k = 3 * from; k < 3 * to; k++) {
                velocity[k] = velocity[k] * sc;
            }
            ekin = MolDynSystem.TREF / system.tscale;
        }
        return 24.0 * ekin;
    }
}
