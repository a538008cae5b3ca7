package org.jdsm.samples.lu;

import java.util.List;
import org.jdsm.samples.support.SampleArgs;

/** An LU problem: an {@code n x n} matrix in {@code b x b} blocks (SPLASH-2 LU's {@code -n} and {@code -b}). */
record LuSize(int n, int b) {

    static final String USAGE = "LU [N] [B]";

    static LuSize parse(List<String> args) {
        SampleArgs a = SampleArgs.of(args, USAGE);
        LuSize size = new LuSize(a.positive(0, 512), a.positive(1, 16));
        a.require(size.n % size.b == 0, "N must be a multiple of B");
        a.require((long) size.n * size.n * 2 <= Integer.MAX_VALUE, "N is too large for one Java array");
        return size;
    }

    /** Blocks per matrix row and column. */
    int blocks() {
        return n / b;
    }

    @Override
    public String toString() {
        return "N=" + n + ", B=" + b;
    }
}
