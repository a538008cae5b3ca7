package org.jdsm.samples.lu;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.SharedAccess;

/** The same LU on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class LuPlain {

    private LuPlain() {
    }

    /** Runs LU with {@code args} as for {@link Lu} on {@code threads} threads, validates, returns the checksum. */
    public static double run(int threads, List<String> args) {
        LuSize size = LuSize.parse(args);
        LuLayout layout = new LuLayout(size, threads, threads);
        double[] matrix = LuMatrix.generate(size, layout);
        long began = System.nanoTime();
        PlainTeam.run(threads,
                (id, barrier) -> LuFactorization.run(matrix, size, layout, id, SharedAccess.plain(barrier)));
        long millis = (System.nanoTime() - began) / 1_000_000;
        return LuReference.validate(matrix, size, layout,
                "plain Java, " + threads + " threads, factorization " + millis + " ms");
    }
}
