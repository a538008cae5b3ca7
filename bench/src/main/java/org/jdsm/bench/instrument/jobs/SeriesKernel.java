package org.jdsm.bench.instrument.jobs;

/**
 * The Java Grande Series kernel (section 2): the first Fourier coefficients of
 * {@code f(x) = (x + 1)^x} on [0, 2], each by trapezoid integration over 1000 steps. Coefficient
 * i goes to {@code a[i]} (cosine) and {@code b[i]} (sine); {@code a[0]} is the mean.
 */
final class SeriesKernel {

    private static final int STEPS = 1000;

    private SeriesKernel() {
    }

    /** Coefficients {@code [from, to)}. */
    static void coefficients(double[] a, double[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (i == 0) {
                a[0] = trapezoid(0.0, 2.0, 0.0, 0) / 2.0;
                b[0] = 0;
            } else {
                double omega = Math.PI * i;
                a[i] = trapezoid(0.0, 2.0, omega, 1);
                b[i] = trapezoid(0.0, 2.0, omega, 2);
            }
        }
    }

    private static double trapezoid(double x0, double x1, double omega, int select) {
        double dx = (x1 - x0) / STEPS;
        double x = x0;
        double sum = f(x0, omega, select) / 2.0;
        for (int s = 1; s < STEPS; s++) {
            x += dx;
            sum += f(x, omega, select);
        }
        return (sum + f(x1, omega, select) / 2.0) * dx;
    }

    private static double f(double x, double omega, int select) {
        double base = Math.pow(x + 1.0, x);
        return switch (select) {
            case 1 -> base * Math.cos(omega * x);
            case 2 -> base * Math.sin(omega * x);
            default -> base;
        };
    }

    static double sum(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (i + 1) + b[i];
        }
        return s;
    }
}
