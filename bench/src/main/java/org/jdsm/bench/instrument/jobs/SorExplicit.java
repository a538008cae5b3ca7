package org.jdsm.bench.instrument.jobs;

import java.util.List;

/**
 * SOR through the explicit API, as the Sor sample does it: the rows inside a thread's band stay
 * acquired throughout; the halo rows are updated and the edge rows acquired and released per colour.
 * Args: N, rows per block.
 */
public class SorExplicit extends DrivenKernel {

    private double[] grid;
    private int n;

    @Override
    protected void setUp(List<String> args, boolean shared) {
        n = Integer.parseInt(args.get(0));
        grid = pool.register(SorKernel.grid(n), n * Integer.parseInt(args.get(1)));
    }

    @Override
    protected void iterate(int iterations) {
        int from = SorKernel.first(myThread(), threads(), n);
        int to = SorKernel.first(myThread() + 1, threads(), n);
        boolean inner = to - from > 2;
        if (inner) {
            pool.acquire(grid, (from + 1) * n, (to - 1) * n);
        }
        for (int it = 0; it < iterations; it++) {
            colour(from, to, 0);
            colour(from, to, 1);
        }
        if (inner) {
            pool.release(grid, (from + 1) * n, (to - 1) * n);
        }
    }

    private void colour(int from, int to, int colour) {
        if (from > 0) {
            pool.update(grid, (from - 1) * n, from * n);
        }
        if (to < n) {
            pool.update(grid, to * n, (to + 1) * n);
        }
        pool.acquire(grid, from * n, (from + 1) * n);
        pool.acquire(grid, (to - 1) * n, to * n);
        SorKernel.relax(grid, n, from, to, colour);
        pool.release(grid, (to - 1) * n, to * n);
        pool.release(grid, from * n, (from + 1) * n);
        barrier();
    }

    @Override
    protected double checksum() {
        pool.update(grid);
        return SorKernel.sum(grid);
    }
}
