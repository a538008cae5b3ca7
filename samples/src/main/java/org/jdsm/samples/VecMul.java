package org.jdsm.samples;

import java.util.function.IntToDoubleFunction;
import org.jdsm.Spmd;

/**
 * The JDSM paper's Figure 6: threads across the cluster share three vectors and compute
 * {@code a[i] = b[i] * c[i]} through the explicit API: {@code update} before reading, {@code acquire}
 * before writing, {@code release} to publish. After a barrier the first thread of every node reads
 * all of {@code a} and checks every element, printing {@code VecMul PASS} or failing the job.
 *
 * <p>Run: {@code jdsm run -n 4 -t 2 jdsm-samples.jar org.jdsm.samples.VecMul [LENGTH]}
 * (default LENGTH: {@value #DEFAULT_LENGTH}).
 */
public class VecMul extends Spmd {

    static final int DEFAULT_LENGTH = 1_000_000;

    private double[] a;
    private double[] b;
    private double[] c;
    private int length;
    private int blockLength;

    @Override
    public void init() {
        length = length();
        // One block per thread: a thread writes only its own block, whose home is its own node.
        blockLength = Math.max(1, (length + threads() - 1) / threads());
        a = pool.register(new double[length], blockLength); // (1)
        b = pool.register(filled(VecMul::bValue), blockLength);
        c = pool.register(filled(VecMul::cValue), blockLength);
    }

    @Override
    public void start() {
        long began = System.nanoTime();
        int from = (int) Math.min(length, (long) myThread() * blockLength);
        int to = Math.min(length, from + blockLength);
        for (int i = from; i < to; i++) {
            pool.update(b, i); // (2) make b[i] and c[i] current for reading
            pool.update(c, i);
            pool.acquire(a, i); // (3) exclusive write access to a[i]
            a[i] = b[i] * c[i];
            pool.release(a, i); // (4) publish the write
        }
        barrier();
        if (myThread() % threadsPerNode() == 0) {
            check((System.nanoTime() - began) / 1_000_000);
        }
    }

    /** Reads all of {@code a} (written by every node) and compares it with the product. */
    private void check(long millis) {
        pool.update(a);
        for (int i = 0; i < length; i++) {
            double expected = bValue(i) * cValue(i);
            if (a[i] != expected) {
                throw new IllegalStateException("VecMul FAIL on node " + myNode() + ": a[" + i + "] = " + a[i]
                        + ", expected " + expected);
            }
        }
        System.out.printf("VecMul PASS: node %d checked all %,d elements (%d nodes x %d threads, %d ms)%n",
                myNode(), length, nodes(), threadsPerNode(), millis);
    }

    private int length() {
        if (args().isEmpty()) {
            return DEFAULT_LENGTH;
        }
        try {
            int n = Integer.parseInt(args().get(0));
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("usage: VecMul [LENGTH]; LENGTH must be a positive integer, got '"
                + args().get(0) + "'");
    }

    private double[] filled(IntToDoubleFunction value) {
        double[] v = new double[length];
        for (int i = 0; i < length; i++) {
            v[i] = value.applyAsDouble(i);
        }
        return v;
    }

    // Small values with exact products, so the check can compare with ==.
    private static double bValue(int i) {
        return (i % 1000) * 0.5;
    }

    private static double cValue(int i) {
        return (i % 7) + 1;
    }
}
