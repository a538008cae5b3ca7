package org.jdsm.samples.series;

/**
 * The Java Grande Series kernel (section 2): Fourier coefficients of {@code f(x) = (x+1)^x} on
 * {@code [0, 2]}, each integral by JGF's trapezoid rule with 1000 steps. JGF's loop evaluates
 * only 1000 of the 1001 sample points (a double pre-decrement skips the last interior one); this
 * keeps that, since the published values depend on it.
 */
final class SeriesKernel {

    private static final int STEPS = 1000;
    private static final double OMEGA = 3.1415926535897932;

    private SeriesKernel() {
    }

    /** Stores coefficient pair {@code i} in {@code a[i], b[i]}; pair 0 is {@code (a_0 / 2, 0)}, as JGF stores it. */
    static void coefficient(int i, double[] a, double[] b) {
        if (i == 0) {
            a[0] = integrate(0.0, 0) / 2.0;
            b[0] = 0.0;
        } else {
            a[i] = integrate(OMEGA * i, 1);
            b[i] = integrate(OMEGA * i, 2);
        }
    }

    /** JGF's {@code TrapezoidIntegrate(0, 2, 1000, omegan, select)}. */
    private static double integrate(double omegan, int select) {
        double x0 = 0.0;
        double x1 = 2.0;
        double x = x0;
        double dx = (x1 - x0) / STEPS;
        double sum = f(x0, omegan, select) / 2.0;
        int steps = STEPS - 1;
        while (--steps > 0) {
            x += dx;
            sum += f(x, omegan, select);
        }
        return (sum + f(x1, omegan, select) / 2.0) * dx;
    }

    /** JGF's {@code thefunction}: {@code (x+1)^x}, times {@code cos} or {@code sin} of {@code omegan x}. */
    private static double f(double x, double omegan, int select) {
        double p = Math.pow(x + 1.0, x);
        return switch (select) {
            case 1 -> p * Math.cos(omegan * x);
            case 2 -> p * Math.sin(omegan * x);
            default -> p;
        };
    }
}
