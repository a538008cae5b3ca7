package org.jdsm.samples.sor;

import org.jdsm.samples.support.Split;

/**
 * {@link Sor} in plain code (the same grid, one block per row, registered by {@link Sor#init}):
 * no {@code update}, {@code acquire} or {@code release}, only
 * {@code barrier()} between colours. Run it instrumented and JDSM adds the checks (hoisted out of
 * the kernel's row loop); the result is the explicit version's, bit for bit. Without
 * instrumentation on several nodes the validation fails: no node sees the others' rows.
 *
 * <p>Run: {@code jdsm run -n 2 -t 2 --instrument jdsm-samples.jar org.jdsm.samples.sor.SorPlainCode [N] [ITERATIONS]}.
 */
public class SorPlainCode extends Sor {

    @Override
    public void start() {
        int n = size.n();
        int from = Split.start(myThread(), threads(), n);
        int to = Split.end(myThread(), threads(), n);
        barrier();
        long began = System.nanoTime();
        for (int p = 0; p < 2 * size.iterations(); p++) {
            SorKernel.relax(grid, n, from, to, p & 1);
            barrier(); // the next colour reads what this one wrote
        }
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            SorReference.validate(size, SorKernel.total(grid, n), "plain code, " + nodes() + " nodes x "
                    + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }
}
