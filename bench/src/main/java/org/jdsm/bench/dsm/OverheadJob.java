package org.jdsm.bench.dsm;

import java.util.Arrays;
import java.util.List;

/**
 * The DSM side of {@link OneNodeOverhead}: one node, T threads, the two kernels written against the
 * explicit API with range calls, for two block sizes each.
 *
 * <ul>
 *   <li>VecMul {@code c = a * b} over n elements: per iteration each thread calls
 *       {@code update(a, from, to)}, {@code update(b, from, to)}, {@code acquire(c, from, to)}, the
 *       loop, {@code release(c, from, to)}, then {@code barrier()}.</li>
 *   <li>Red-black SOR over an m x n grid in a flat {@code double[]}: per colour each thread calls
 *       {@code update} on its rows plus one halo row on each side, {@code acquire} on its rows, the
 *       sweep, {@code release}, then {@code barrier()}.</li>
 * </ul>
 * Variant 0 ("dsm") registers one block per thread share (as the VecMul sample does); variant 1
 * ("dsm-fine") uses small blocks (VecMul: {@code fineBlock} elements; SOR: one row per block), so a
 * range call covers many blocks.
 *
 * <p>Commands: {@code [OP_VECMUL, variant, iterations]} and {@code [OP_SOR, variant, iterations]}
 * answer {@code [wall ns per iteration, thread 0's CPU ns per iteration]}; {@code [OP_RESET, variant]} re-initializes the SOR grid;
 * {@code [OP_CHECK, variant]} answers {@code [VecMul mismatches, SOR hash]}.
 */
public class OverheadJob extends DrivenSpmd {

    static final long OP_VECMUL = 10;
    static final long OP_SOR = 11;
    static final long OP_RESET = 12;
    static final long OP_CHECK = 13;
    static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    private final double[][] a = new double[2][];
    private final double[][] b = new double[2][];
    private final double[][] c = new double[2][];
    private final double[][] g = new double[2][];
    private final int[] vecBlock = new int[2];
    private final int[] sorRowsPerBlock = new int[2];
    private int n;
    private int m;
    private int cols;

    @Override
    protected void setUp(List<String> args) {
        // args: vecLength sorRows sorCols fineVecBlock
        n = Integer.parseInt(args.get(0));
        m = Integer.parseInt(args.get(1));
        cols = Integer.parseInt(args.get(2));
        int fine = Integer.parseInt(args.get(3));
        int t = threadsPerNode();
        vecBlock[0] = (n + t - 1) / t;
        vecBlock[1] = fine;
        sorRowsPerBlock[0] = (m + t - 1) / t;
        sorRowsPerBlock[1] = 1;
        for (int v = 0; v < 2; v++) {
            double[] av = new double[n];
            double[] bv = new double[n];
            Kernels.vecInit(av, bv);
            a[v] = pool.register(av, vecBlock[v]);
            b[v] = pool.register(bv, vecBlock[v]);
            c[v] = pool.register(new double[n], vecBlock[v]);
            double[] gv = new double[m * cols];
            Kernels.sorInit(gv);
            g[v] = pool.register(gv, sorRowsPerBlock[v] * cols);
        }
    }

    @Override
    protected double[] perform(long[] command, int t) {
        int v = (int) command[1];
        int iterations = (int) command[2];
        int threads = threadsPerNode();
        if (command[0] == OP_VECMUL) {
            int share = (n + threads - 1) / threads;
            int from = Math.min(n, t * share);
            int to = Math.min(n, from + share);
            double[] av = a[v];
            double[] bv = b[v];
            double[] cv = c[v];
            barrier();
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int it = 0; it < iterations; it++) {
                if (from < to) {
                    pool.update(av, from, to);
                    pool.update(bv, from, to);
                    pool.acquire(cv, from, to);
                    Kernels.vecMul(av, bv, cv, from, to);
                    pool.release(cv, from, to);
                }
                barrier();
            }
            return new double[] {(System.nanoTime() - t0) / (double) iterations,
                (CPU.getCurrentThreadCpuTime() - c0) / (double) iterations};
        }
        if (command[0] == OP_SOR) {
            int rows = (m + threads - 1) / threads;
            int r0 = Kernels.sorFirstRow(t, rows);
            int r1 = Kernels.sorEndRow(t, rows, m);
            double[] gv = g[v];
            barrier();
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int it = 0; it < iterations; it++) {
                for (int colour = 0; colour < 2; colour++) {
                    if (r0 < r1) {
                        pool.update(gv, (r0 - 1) * cols, (r1 + 1) * cols);
                        pool.acquire(gv, r0 * cols, r1 * cols);
                        Kernels.sorColour(gv, cols, r0, r1, colour);
                        pool.release(gv, r0 * cols, r1 * cols);
                    }
                    barrier();
                }
            }
            return new double[] {(System.nanoTime() - t0) / (double) iterations,
                (CPU.getCurrentThreadCpuTime() - c0) / (double) iterations};
        }
        if (command[0] == OP_RESET) {
            if (t == 0) {
                pool.acquire(g[v]);
                Kernels.sorInit(g[v]);
                pool.release(g[v]);
            }
            barrier();
            return null;
        }
        if (command[0] == OP_CHECK) {
            if (t != 0) {
                return null;
            }
            pool.update(a[v]);
            pool.update(b[v]);
            pool.update(c[v]);
            pool.update(g[v]);
            return new double[] {Kernels.vecMismatches(a[v], b[v], c[v]), Kernels.hash(g[v])};
        }
        throw new IllegalArgumentException("unknown command " + Arrays.toString(command));
    }
}
