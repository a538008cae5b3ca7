package org.jdsm.samples.series;

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
    void compute(int from, int to) {
        for (int i = from; i < to; i++) {
            SeriesKernel.coefficient(i, a, b);
        }
    }

    @Override
    void gather() {
        // plain code reads the coefficients directly
    }

    @Override
    String style() {
        return "plain code, ";
    }
}
