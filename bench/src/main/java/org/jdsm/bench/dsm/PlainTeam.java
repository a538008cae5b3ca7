package org.jdsm.bench.dsm;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The plain-Java side of {@link OneNodeOverhead}: T persistent threads running the same kernels
 * ({@link Kernels}) on the same split as {@link OverheadJob}, with a {@link CyclicBarrier} where the
 * DSM version calls {@code barrier()}, and no JDSM at all.
 */
final class PlainTeam implements AutoCloseable {

    private final int threads;
    private final double[] a;
    private final double[] b;
    private final double[] c;
    private final double[] g;
    private final int n;
    private final int m;
    private final int cols;
    private final CyclicBarrier gate;
    private final CyclicBarrier step;
    private volatile long[] command;
    private volatile double result;
    private volatile double cpuResult;
    private volatile Throwable failure;

    PlainTeam(int threads, int n, int m, int cols) {
        this.threads = threads;
        this.n = n;
        this.m = m;
        this.cols = cols;
        a = new double[n];
        b = new double[n];
        c = new double[n];
        Kernels.vecInit(a, b);
        g = new double[m * cols];
        Kernels.sorInit(g);
        gate = new CyclicBarrier(threads + 1);
        step = new CyclicBarrier(threads);
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread w = new Thread(() -> loop(id), "plain-t" + t);
            w.setDaemon(true);
            w.start();
        }
    }

    private void loop(int t) {
        try {
            while (true) {
                gate.await();
                long[] cmd = command;
                if (cmd == null) {
                    return;
                }
                double[] r = perform(cmd, t);
                if (t == 0) {
                    result = r[0];
                    cpuResult = r[1];
                }
                gate.await();
            }
        } catch (InterruptedException | BrokenBarrierException e) {
            // closing
        } catch (Throwable e) {
            failure = e;
            gate.reset();
            step.reset();
        }
    }

    /** [wall ns per iteration, this thread's CPU ns per iteration], timed as {@link OverheadJob} does. */
    private double[] perform(long[] cmd, int t) throws InterruptedException, BrokenBarrierException {
        int iterations = (int) cmd[2];
        if (cmd[0] == OverheadJob.OP_VECMUL) {
            int share = (n + threads - 1) / threads;
            int from = Math.min(n, t * share);
            int to = Math.min(n, from + share);
            step.await();
            long c0 = OverheadJob.CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int it = 0; it < iterations; it++) {
                Kernels.vecMul(a, b, c, from, to);
                step.await();
            }
            return new double[] {(System.nanoTime() - t0) / (double) iterations,
                (OverheadJob.CPU.getCurrentThreadCpuTime() - c0) / (double) iterations};
        }
        if (cmd[0] == OverheadJob.OP_SOR) {
            int rows = (m + threads - 1) / threads;
            int r0 = Kernels.sorFirstRow(t, rows);
            int r1 = Kernels.sorEndRow(t, rows, m);
            step.await();
            long c0 = OverheadJob.CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int it = 0; it < iterations; it++) {
                for (int colour = 0; colour < 2; colour++) {
                    Kernels.sorColour(g, cols, r0, r1, colour);
                    step.await();
                }
            }
            return new double[] {(System.nanoTime() - t0) / (double) iterations,
                (OverheadJob.CPU.getCurrentThreadCpuTime() - c0) / (double) iterations};
        }
        if (cmd[0] == OverheadJob.OP_RESET) {
            if (t == 0) {
                Kernels.sorInit(g);
            }
            step.await();
            return new double[] {0, 0};
        }
        throw new IllegalArgumentException("unknown command " + cmd[0]);
    }

    /** Thread 0's CPU time per iteration (ns) in the last {@link #run}. */
    double lastCpu() {
        return cpuResult;
    }

    /** Runs {@code command} on every thread; returns thread 0's value (ns per iteration). */
    double run(long... cmd) throws Exception {
        command = cmd;
        try {
            gate.await(10, TimeUnit.MINUTES);
            gate.await(10, TimeUnit.MINUTES);
        } catch (BrokenBarrierException | TimeoutException e) {
            throw new IllegalStateException("plain team failed: " + failure, failure != null ? failure : e);
        }
        return result;
    }

    long vecMismatches() {
        return Kernels.vecMismatches(a, b, c);
    }

    double sorHash() {
        return Kernels.hash(g);
    }

    @Override
    public void close() {
        command = null;
        try {
            gate.await(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // threads are daemons
        }
    }
}
