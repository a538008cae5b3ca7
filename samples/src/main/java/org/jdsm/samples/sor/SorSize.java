package org.jdsm.samples.sor;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A SOR problem size: {@code n x n} grid, {@code iterations} red-black iterations (JGF size A by default). */
record SorSize(int n, int iterations) {

    static final String USAGE = "SOR [N] [ITERATIONS]";

    static SorSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        SorSize size = new SorSize(a.positive(0, 1000), a.positive(1, 100));
        a.require(size.n >= 3, "N must be at least 3");
        a.require((long) size.n * size.n <= Integer.MAX_VALUE, "N*N must fit in an int");
        return size;
    }

    @Override
    public String toString() {
        return "N=" + n + ", " + iterations + " iterations";
    }
}
