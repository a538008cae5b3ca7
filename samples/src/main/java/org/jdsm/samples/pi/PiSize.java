package org.jdsm.samples.pi;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** A pi integration: {@code intervals} midpoint-rule intervals handed out in {@code chunks} work items. */
record PiSize(int intervals, int chunks) {

    static final String USAGE = "Pi [INTERVALS] [CHUNKS]";

    static PiSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        PiSize size = new PiSize(a.positive(0, 50_000_000), a.positive(1, 500));
        a.require(size.chunks <= size.intervals, "CHUNKS must not exceed INTERVALS");
        return size;
    }

    /** The midpoint rule's error for this integrand is about h^2/12; allow that plus rounding. */
    double tolerance() {
        double h = 1.0 / intervals;
        return h * h + 1e-12;
    }

    @Override
    public String toString() {
        return intervals + " intervals in " + chunks + " chunks";
    }
}
