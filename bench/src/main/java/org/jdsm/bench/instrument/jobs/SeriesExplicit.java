package org.jdsm.bench.instrument.jobs;

import java.util.List;

/** Series through the explicit API: each thread acquires its block of both arrays per iteration. */
public class SeriesExplicit extends DrivenKernel {

    private double[] a;
    private double[] b;

    @Override
    protected void setUp(List<String> args, boolean shared) {
        int n = Integer.parseInt(args.get(0));
        int block = (n + threads() - 1) / threads();
        a = pool.register(new double[n], block);
        b = pool.register(new double[n], block);
    }

    @Override
    protected void iterate(int iterations) {
        int block = (a.length + threads() - 1) / threads();
        int from = Math.min(a.length, myThread() * block);
        int to = Math.min(a.length, from + block);
        for (int it = 0; it < iterations; it++) {
            if (from < to) {
                pool.acquire(a, from, to);
                pool.acquire(b, from, to);
                SeriesKernel.coefficients(a, b, from, to);
                pool.release(b, from, to);
                pool.release(a, from, to);
            }
            barrier();
        }
    }

    @Override
    protected double checksum() {
        pool.update(a);
        pool.update(b);
        return SeriesKernel.sum(a, b);
    }
}
