package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Red-black relaxation of a grid with one block per row: each thread updates a band of rows and
 * reads the edge rows of its neighbours' bands, which they write in the same phases.
 */
public class StencilPlain extends Spmd {

    double[] grid;
    int n;

    @Override
    public void init() {
        n = Integer.parseInt(args().get(0));
        grid = pool.register(initial(n), n);
    }

    @Override
    public void start() {
        int from = myThread() * n / threads();
        int to = (myThread() + 1) * n / threads();
        for (int p = 0; p < 2 * Integer.parseInt(args().get(1)); p++) {
            relax(grid, n, from, to, p & 1);
            barrier();
        }
        if (myThread() == 0) {
            double sum = 0;
            for (int k = 0; k < n * n; k++) {
                sum += grid[k];
            }
            Results.put(getClass().getSimpleName(), sum);
        }
    }

    static void relax(double[] g, int n, int from, int to, int colour) {
        for (int i = Math.max(1, from); i < Math.min(n - 1, to); i++) {
            int row = i * n;
            for (int k = row + 1 + ((i + colour) & 1); k < row + n - 1; k += 2) {
                g[k] = 0.3125 * (g[k - n] + g[k + n] + g[k - 1] + g[k + 1]) - 0.25 * g[k];
            }
        }
    }

    static double[] initial(int n) {
        double[] g = new double[n * n];
        for (int k = 0; k < g.length; k++) {
            g[k] = (k * 7919 % 1000) * 0.001;
        }
        return g;
    }
}
