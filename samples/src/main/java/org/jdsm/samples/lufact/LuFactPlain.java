package org.jdsm.samples.lufact;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.SharedAccess;

/** The same LUFact on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class LuFactPlain {

    private LuFactPlain() {
    }

    /** Runs LUFact with {@code args} as for {@link LuFact} on {@code threads} threads, validates, returns the checksum. */
    public static double run(int threads, List<String> args) {
        LuFactSize size = LuFactSize.parse(args);
        int n = size.n();
        double[] matrix = Linpack.matrix(n);
        int[] pivot = new int[n];
        LuFactFactorization dgefa = new LuFactFactorization(n, 1, threads);
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> dgefa.run(matrix, pivot, id, SharedAccess.plain(barrier)));
        long millis = (System.nanoTime() - began) / 1_000_000;
        double[] x = Linpack.rowSums(Linpack.matrix(n), n);
        Linpack.solve(matrix, n, pivot, x);
        return LuFactReference.validate(size, x, "plain Java, " + threads + " threads, dgefa " + millis + " ms");
    }
}
