package org.jdsm.samples.series;

import org.jdsm.Spmd;
import org.jdsm.samples.support.Split;

/**
 * Java Grande Series (section 2) on JDSM: the first {@code COEFFICIENTS} Fourier coefficient
 * pairs of {@code (x+1)^x} on {@code [0, 2]}. The two coefficient arrays are shared, one block per
 * thread homed on the thread's node; each thread computes its block under {@code acquire} and
 * publishes it with {@code release}; after a barrier node 0 reads them all and checks the first
 * pairs against JGF's published values.
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.series.Series [COEFFICIENTS]}
 * (default: JGF size A, 10,000).
 */
public class Series extends Spmd {

    double[] a;
    double[] b;

    @Override
    public void init() {
        int n = SeriesSize.parse(args()).coefficients();
        // Block t is exactly thread t's range, homed on its node: no write crosses nodes.
        int chunk = Split.chunk(threads(), n);
        a = pool.register(new double[n], chunk);
        b = pool.register(new double[n], chunk);
    }

    @Override
    public void start() {
        int from = Split.chunkStart(myThread(), threads(), a.length);
        int to = Split.chunkEnd(myThread(), threads(), a.length);
        barrier();
        long began = System.nanoTime();
        if (from < to) {
            compute(from, to);
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            gather();
            SeriesReference.validate(a, b, style() + nodes() + " nodes x " + threadsPerNode() + " threads, kernel "
                    + millis + " ms");
        }
    }

    /** Computes coefficient pairs {@code [from, to)} and publishes them. */
    void compute(int from, int to) {
        pool.acquire(a, from, to);
        pool.acquire(b, from, to);
        for (int i = from; i < to; i++) {
            SeriesKernel.coefficient(i, a, b);
        }
        pool.release(b, from, to);
        pool.release(a, from, to);
    }

    /** On the validating thread, after the barrier: makes every coefficient current. */
    void gather() {
        pool.update(a);
        pool.update(b);
    }

    /** How the PASS line names this version ("" for the explicit one). */
    String style() {
        return "";
    }
}
