package org.jdsm.samples.lufact;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** An LUFact problem: an {@code n x n} system (JGF size A, 500, by default). */
record LuFactSize(int n) {

    static final String USAGE = "LUFact [N]";

    static LuFactSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        LuFactSize size = new LuFactSize(a.positive(0, 500));
        a.require(size.n >= 2, "N must be at least 2");
        a.require((long) size.n * size.n <= Integer.MAX_VALUE, "N*N must fit in an int");
        return size;
    }

    @Override
    public String toString() {
        return "N=" + n;
    }
}
