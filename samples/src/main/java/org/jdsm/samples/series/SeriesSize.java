package org.jdsm.samples.series;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A Series problem: the number of coefficient pairs (JGF size A, 10,000, by default). */
record SeriesSize(int coefficients) {

    static final String USAGE = "Series [COEFFICIENTS]";

    static SeriesSize parse(List<String> args) {
        return new SeriesSize(SampleArgs.of(args, USAGE).positive(0, 10_000));
    }

    @Override
    public String toString() {
        return coefficients + " coefficients";
    }
}
