package org.jdsm.bench.instrument.jobs;

import java.util.List;

/** SOR in plain code; the benchmark runs it instrumented and not. Args: N, rows per block. */
public class SorPlain extends DrivenKernel {

    private double[] grid;
    private int n;

    @Override
    protected void setUp(List<String> args, boolean shared) {
        n = Integer.parseInt(args.get(0));
        grid = SorKernel.grid(n);
        if (shared) {
            pool.register(grid, n * Integer.parseInt(args.get(1)));
        }
    }

    @Override
    protected void iterate(int iterations) {
        int from = SorKernel.first(myThread(), threads(), n);
        int to = SorKernel.first(myThread() + 1, threads(), n);
        for (int it = 0; it < iterations; it++) {
            SorKernel.relax(grid, n, from, to, 0);
            barrier();
            SorKernel.relax(grid, n, from, to, 1);
            barrier();
        }
    }

    @Override
    protected double checksum() {
        return SorKernel.sum(grid);
    }
}
