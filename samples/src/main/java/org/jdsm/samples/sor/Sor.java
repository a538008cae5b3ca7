package org.jdsm.samples.sor;

import org.jdsm.Spmd;
import org.jdsm.samples.support.Split;

/**
 * Java Grande SOR (section 2) on JDSM: red-black over-relaxation of an {@code N x N} grid, 2
 * barriers per iteration. The grid is one shared {@code double[]} with one block per row, block
 * distributed; each thread relaxes a contiguous band of rows homed on its own node, reads the two
 * rows bordering its band (fetched while it relaxes the rows inside) and publishes its own two edge
 * rows after every phase. Node 0 checks {@code Gtotal} against JGF's published value (at
 * other sizes, against a one-thread run).
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.sor.Sor [N] [ITERATIONS]}
 * (default: JGF size A, N=1000, 100 iterations).
 */
public class Sor extends Spmd {

    SorSize size;
    double[] grid;

    @Override
    public void init() {
        size = SorSize.parse(args());
        // Every node builds the same initial grid; the home's copy of each row is what counts.
        grid = pool.register(SorKernel.randomGrid(size.n()), size.n());
    }

    @Override
    public void start() {
        int n = size.n();
        int from = Split.start(myThread(), threads(), n);
        int to = Split.end(myThread(), threads(), n);
        // Rows strictly inside the band are read by no other thread until the end, so this thread
        // keeps write access to them throughout; only the edge rows, which neighbours read after
        // every phase, are acquired and released (published) phase by phase.
        boolean inner = to - from > 2;
        if (inner) {
            pool.acquire(grid, (from + 1) * n, (to - 1) * n);
        }
        barrier();
        long began = System.nanoTime();
        for (int p = 0; p < 2 * size.iterations(); p++) {
            if (from < to) {
                relaxBand(from, to, p & 1);
            }
            barrier(); // the next colour reads what this one wrote
        }
        if (inner) {
            pool.release(grid, (from + 1) * n, (to - 1) * n);
        }
        barrier(); // now every row is published
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(grid);
            SorReference.validate(size, SorKernel.total(grid, n),
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }

    /**
     * One phase of this thread's band. A cell reads only cells of the other colour, so the rows
     * strictly inside the band are relaxed first, while the two rows bordering it travel; only the
     * edge rows wait for them. The inner rows also read the band's own edge rows, which are
     * current here: only this thread writes them, and it released them last phase. The edge rows
     * are acquired only once the bordering rows have arrived: under sequential consistency a
     * thread that held its edge row while waiting for its neighbour's, which the neighbour holds
     * while waiting for this one, would wait forever.
     */
    private void relaxBand(int from, int to, int colour) {
        int n = size.n();
        int last = to - 1;
        if (from > 0) {
            pool.updateAsync(grid, (from - 1) * n); // the row above the band
        }
        if (to < n) {
            pool.updateAsync(grid, to * n); // the row below
        }
        SorKernel.relax(grid, n, from + 1, last, colour);
        if (from > 0) {
            pool.update(grid, (from - 1) * n, from * n);
        }
        if (to < n) {
            pool.update(grid, to * n, (to + 1) * n);
        }
        pool.acquire(grid, from * n, (from + 1) * n);
        SorKernel.relax(grid, n, from, from + 1, colour);
        if (last > from) {
            pool.acquire(grid, last * n, to * n);
            SorKernel.relax(grid, n, last, to, colour);
            pool.release(grid, last * n, to * n);
        }
        pool.release(grid, from * n, (from + 1) * n);
    }
}
