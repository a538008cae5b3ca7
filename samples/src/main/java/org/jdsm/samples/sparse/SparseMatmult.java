package org.jdsm.samples.sparse;

import org.jdsm.Spmd;
import org.jdsm.samples.support.Split;

/**
 * Java Grande SparseMatmult (section 2) on JDSM: {@code ITERATIONS} times {@code y += A x} for a
 * random sparse {@code N x N} matrix in coordinate form. The read-only input ({@code A} and
 * {@code x}) is generated identically on every node; the result {@code y} is shared, one block per
 * thread's chunk of rows homed on that thread's node. Each thread holds its block for the whole
 * kernel ({@code acquire} ... {@code release}); after a barrier node 0 reads {@code y} and checks
 * JGF's {@code ytotal} (at other sizes, against a one-thread run).
 *
 * <p>Run: {@code jdsm run -n 2 -t 1 jdsm-samples.jar org.jdsm.samples.sparse.SparseMatmult [N] [NONZEROS] [ITERATIONS]}
 * (default: JGF size A, 50,000 x 50,000, 250,000 nonzeros, 200 iterations).
 */
public class SparseMatmult extends Spmd {

    private SparseProblem problem;
    private double[] y;

    @Override
    public void init() {
        problem = new SparseProblem(SparseSize.parse(args()), threads());
        int n = problem.size.n();
        y = pool.register(new double[n], Split.chunk(threads(), n)); // block t = thread t's rows
    }

    @Override
    public void start() {
        int from = problem.firstRow(myThread());
        int to = problem.endRow(myThread());
        barrier();
        long began = System.nanoTime();
        if (from < to) {
            pool.acquire(y, from, to);
            problem.multiply(y, myThread());
            pool.release(y, from, to);
        }
        barrier();
        long millis = (System.nanoTime() - began) / 1_000_000;
        if (myThread() == 0) {
            pool.update(y);
            SparseReference.validate(problem.size, problem.total(y),
                    nodes() + " nodes x " + threadsPerNode() + " threads, kernel " + millis + " ms");
        }
    }
}
