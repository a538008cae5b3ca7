package org.jdsm.samples.series;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.Split;

/** The same Series on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class SeriesPlain {

    private SeriesPlain() {
    }

    /** Runs Series with {@code args} as for {@link Series} on {@code threads} threads, validates, returns the checksum. */
    public static double run(int threads, List<String> args) {
        int n = SeriesSize.parse(args).coefficients();
        double[] a = new double[n];
        double[] b = new double[n];
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            for (int i = Split.chunkStart(id, threads, n); i < Split.chunkEnd(id, threads, n); i++) {
                SeriesKernel.coefficient(i, a, b);
            }
        });
        long millis = (System.nanoTime() - began) / 1_000_000;
        return SeriesReference.validate(a, b, "plain Java, " + threads + " threads, kernel " + millis + " ms");
    }
}
