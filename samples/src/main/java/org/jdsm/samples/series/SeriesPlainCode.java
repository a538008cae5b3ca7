package org.jdsm.samples.series;

import org.jdsm.samples.support.Split;

/**
 * {@link Series} in plain code (the same shared arrays, registered by {@link Series#init}): each
 * thread writes its coefficients, a barrier, then the first thread reads them all and validates;
 * no {@code update}, {@code acquire} or {@code release}. Run it instrumented and the coefficients
 * are the explicit version's, bit for bit.
 *
 * <p>Run: {@code jdsm run -n 2 -t 2 --instrument jdsm-samples.jar org.jdsm.samples.series.SeriesPlainCode [COEFFICIENTS]}.
 */
public class SeriesPlainCode extends Series {

    @Override
    public void start() {
        int from = Split.chunkStart(myThread(), threads(), a.length);
        int to = Split.chunkEnd(myThread(), threads(), a.length);
        barrier();
        long began = System.nanoTime();
        for (int i = from; i < to; i++) {
            SeriesKernel.coefficient(i, a, b);
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            SeriesReference.validate(a, b, "plain code, " + nodes() + " nodes x " + threadsPerNode() + " threads, kernel "
                    + millis + " ms");
        }
    }
}
