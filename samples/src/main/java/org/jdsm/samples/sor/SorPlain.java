package org.jdsm.samples.sor;

import java.util.List;
import org.jdsm.samples.support.PlainTeam;
import org.jdsm.samples.support.Split;

/** The same SOR on plain Java threads in one JVM (the hardware shared-memory baseline). */
public final class SorPlain {

    private SorPlain() {
    }

    /** Runs SOR with {@code args} as for {@link Sor} on {@code threads} threads, validates, returns {@code Gtotal}. */
    public static double run(int threads, List<String> args) {
        SorSize size = SorSize.parse(args);
        int n = size.n();
        double[] grid = SorKernel.randomGrid(n);
        long began = System.nanoTime();
        PlainTeam.run(threads, (id, barrier) -> {
            int from = Split.start(id, threads, n);
            int to = Split.end(id, threads, n);
            for (int p = 0; p < 2 * size.iterations(); p++) {
                SorKernel.relax(grid, n, from, to, p & 1);
                barrier.await();
            }
        });
        long millis = (System.nanoTime() - began) / 1_000_000;
        double total = SorKernel.total(grid, n);
        SorReference.validate(size, total, "plain Java, " + threads + " threads, kernel " + millis + " ms");
        return total;
    }
}
