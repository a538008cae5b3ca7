package org.jdsm.samples.plain;

import org.jdsm.Spmd;

/**
 * The VecMul sample ({@link org.jdsm.samples.VecMul}) in plain code: no {@code update},
 * {@code acquire} or {@code release}. Run it instrumented, and JDSM adds the checks: every thread
 * computes {@code a[i] = b[i] * c[i]} for its part and adds its partial dot product to a shared
 * total under {@code synchronized}, which becomes a job-wide lock. After a barrier the first thread
 * of every node checks all of {@code a} and the total, printing {@code VecMul (plain code) PASS}.
 *
 * <p>Run: {@code jdsm run -n 4 -t 2 --instrument jdsm-samples.jar org.jdsm.samples.plain.VecMul [LENGTH]},
 * or instrument once with {@code jdsm instrument jdsm-samples.jar out.jar} and run {@code out.jar}.
 * Without instrumentation on several nodes the check fails: the nodes never see each other's writes.
 */
public class VecMul extends Spmd {

    static final int DEFAULT_LENGTH = 1_000_000;

    /** A shared total: registered, so {@code synchronized (total)} takes a job-wide lock. */
    public static class Total {
        public double value;
    }

    private double[] a;
    private double[] b;
    private double[] c;
    private Total total;

    @Override
    public void init() {
        int length = args().isEmpty() ? DEFAULT_LENGTH : Integer.parseInt(args().get(0));
        int blockLength = Math.max(1, (length + threads() - 1) / threads());
        a = pool.register(new double[length], blockLength);
        b = pool.register(new double[length], blockLength);
        c = pool.register(new double[length], blockLength);
        for (int i = 0; i < length; i++) {
            b[i] = bValue(i);
            c[i] = cValue(i);
        }
        total = pool.register(new Total());
    }

    @Override
    public void start() {
        int share = (a.length + threads() - 1) / threads();
        int from = Math.min(a.length, myThread() * share);
        int to = Math.min(a.length, from + share);
        double dot = 0;
        for (int i = from; i < to; i++) {
            a[i] = b[i] * c[i];
            dot += a[i];
        }
        synchronized (total) {
            total.value += dot;
        }
        barrier();
        if (myThread() % threadsPerNode() == 0) {
            check();
        }
    }

    private void check() {
        double expectedTotal = 0;
        for (int i = 0; i < a.length; i++) {
            double expected = bValue(i) * cValue(i);
            if (a[i] != expected) {
                throw new IllegalStateException("VecMul (plain code) FAIL on node " + myNode() + ": a[" + i + "] = "
                        + a[i] + ", expected " + expected + " (was the job run with --instrument?)");
            }
            expectedTotal += expected;
        }
        synchronized (total) {
            // Partial sums arrive in any order: compare with a tolerance.
            if (Math.abs(total.value - expectedTotal) > 1e-9 * expectedTotal) {
                throw new IllegalStateException("VecMul (plain code) FAIL on node " + myNode() + ": total "
                        + total.value + ", expected " + expectedTotal);
            }
        }
        System.out.printf("VecMul (plain code) PASS: node %d checked all %,d elements and the total (%d nodes x %d threads)%n",
                myNode(), a.length, nodes(), threadsPerNode());
    }

    // Small values with exact products, so the check can compare with ==.
    private static double bValue(int i) {
        return (i % 1000) * 0.5;
    }

    private static double cValue(int i) {
        return (i % 7) + 1;
    }
}
