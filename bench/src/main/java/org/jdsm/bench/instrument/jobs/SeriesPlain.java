package org.jdsm.bench.instrument.jobs;

import java.util.List;

/** Series in plain code: coefficient arrays shared, one block per thread. Args: N. */
public class SeriesPlain extends DrivenKernel {

    private double[] a;
    private double[] b;

    @Override
    protected void setUp(List<String> args, boolean shared) {
        int n = Integer.parseInt(args.get(0));
        a = new double[n];
        b = new double[n];
        if (shared) {
            int block = (n + threads() - 1) / threads();
            pool.register(a, block);
            pool.register(b, block);
        }
    }

    @Override
    protected void iterate(int iterations) {
        int block = (a.length + threads() - 1) / threads();
        int from = Math.min(a.length, myThread() * block);
        int to = Math.min(a.length, from + block);
        for (int it = 0; it < iterations; it++) {
            SeriesKernel.coefficients(a, b, from, to);
            barrier();
        }
    }

    @Override
    protected double checksum() {
        return SeriesKernel.sum(a, b);
    }
}
