package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/** {@link StencilPlain} through the explicit API. */
public class StencilExplicit extends Spmd {

    double[] grid;
    int n;

    @Override
    public void init() {
        n = Integer.parseInt(args().get(0));
        grid = pool.register(StencilPlain.initial(n), n);
    }

    @Override
    public void start() {
        int from = myThread() * n / threads();
        int to = (myThread() + 1) * n / threads();
        for (int p = 0; p < 2 * Integer.parseInt(args().get(1)); p++) {
            pool.update(grid, Math.max(0, from - 1) * n, Math.min(n, to + 1) * n);
            pool.acquire(grid, from * n, to * n);
            StencilPlain.relax(grid, n, from, to, p & 1);
            pool.release(grid, from * n, to * n);
            barrier();
        }
        if (myThread() == 0) {
            pool.update(grid);
            double sum = 0;
            for (int k = 0; k < n * n; k++) {
                sum += grid[k];
            }
            Results.put(getClass().getSimpleName(), sum);
        }
    }
}
