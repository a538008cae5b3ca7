package org.jdsm.instrument.programs;

import java.util.ArrayList;
import java.util.List;
import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Ordinary scientific kernels on shared arrays (adversarial test). Each case writes, per thread, a
 * segment homed on the other node, after every thread read everything once; after a barrier every
 * thread checks every element against the sequential result.
 */
public class ScienceShapesPlain extends Spmd {

    /** An instance kernel of another class. */
    static final class Axpy {
        final double alpha;

        Axpy(double alpha) {
            this.alpha = alpha;
        }

        void apply(double[] y, double[] x, int from, int to) {
            for (int k = from; k < to; k++) {
                y[k] += alpha * x[k];
            }
        }
    }

    /** A shared accumulator with a synchronized method. */
    public static final class Acc {
        public double sum;

        synchronized void add(double x) {
            sum += x;
        }
    }

    static final String[] CASES = {"kernelOnce", "kernelInLoop", "instanceKernel", "whileModified", "doWhile",
        "labeledContinue", "tryFinally", "downStride2", "scatter", "switchArrays", "compound", "dotInLoop",
        "shiftLeft", "condWrite", "nestedHelper"};
    int m = 10;
    double[][] out;
    double[] b;
    double[] c;
    int[] idx;
    long[] longs;
    Acc acc;

    @Override
    public void init() {
        int n = m * threads();
        out = new double[CASES.length][];
        for (int i = 0; i < CASES.length; i++) {
            out[i] = pool.register(new double[n], 4);
        }
        b = new double[n];
        c = new double[n];
        idx = new int[n];
        for (int i = 0; i < n; i++) {
            b[i] = i + 1;
            c[i] = 2;
            idx[i] = (i + m * threadsPerNode()) % n; // into the other node's segments
        }
        pool.register(b, 4);
        pool.register(c, 4);
        pool.register(idx, 4);
        longs = pool.register(new long[n], 4);
        acc = pool.register(new Acc());
    }

    static void kernel(double[] a, double[] x, double[] y, int from, int to) {
        for (int k = from; k < to; k++) {
            a[k] = x[k] * y[k];
        }
    }

    static double dot(double[] x, double[] y, int from, int to) {
        double s = 0;
        for (int k = from; k < to; k++) {
            s += x[k] * y[k];
        }
        return s;
    }

    static void inner(double[] a, int k) {
        a[k] = k + 1;
    }

    static void outerHelper(double[] a, int from, int to) {
        for (int k = from; k < to; k++) {
            inner(a, k);
        }
    }

    @Override
    public void start() {
        int t = myThread();
        int n = m * threads();
        int base = (t + threadsPerNode()) % threads() * m;
        int end = base + m;
        double pre = 0;
        for (double[] a : out) {
            for (double x : a) {
                pre += x;
            }
        }
        for (long x : longs) {
            pre += x;
        }
        barrier();
        kernel(out[0], b, c, base, end);
        for (int s = base; s < end; s += 3) {
            kernel(out[1], b, c, s, Math.min(s + 3, end));
        }
        new Axpy(2.0).apply(out[2], b, base, end);
        double[] w = out[3];
        int k = base;
        while (k < end) {
            w[k] = k + 1;
            if (k % 4 == 0 && k + 1 < end) {
                k++;
                w[k] = k + 1;
            }
            k++;
        }
        double[] d = out[4];
        k = base;
        do {
            d[k] = k + 1;
            k++;
        } while (k < end);
        double[] lc = out[5];
        outer:
        for (int i = base; i < end; i += 2) {
            for (int j = 0; j < 4; j++) {
                if (j > 1 || i + j >= end) {
                    continue outer;
                }
                lc[i + j] = i + j + 1;
            }
        }
        double[] tf = out[6];
        int count = 0;
        for (int i = base; i < end; i++) {
            try {
                tf[i] = i + 1;
            } finally {
                count++;
            }
        }
        double[] ds = out[7];
        for (int i = end - 1; i >= base; i -= 2) {
            ds[i] = i + 1;
        }
        for (int i = end - 2; i >= base; i -= 2) {
            ds[i] = i + 1;
        }
        double[] sc = out[8];
        for (int i = base; i < end; i++) {
            sc[idx[i]] += i + 1; // idx maps my segment onto the other node's
        }
        for (int i = base; i < end; i++) {
            switch (i % 3) {
                case 0 -> out[9][i] = i + 1;
                case 1 -> out[9][i] = i + 0.5 + 0.5;
                default -> {
                    double[] z = out[9];
                    z[i] = i + 1;
                }
            }
        }
        double[] cp = out[10];
        for (int i = base; i < end; i++) {
            cp[i] += b[i] * c[i];
            cp[i] -= b[i];
            cp[i] *= 3;
            longs[i] += i;
            longs[i] <<= 2;
            longs[i] ^= 1L << 33;
        }
        double[] dl = out[11];
        for (int i = base; i < end; i++) {
            dl[i] = dot(b, c, i, i + 1);
        }
        double[] sl = out[12];
        for (int i = base; i < end; i++) {
            sl[i] = b[(i + 1) % n]; // neighbour, wraps onto another segment
        }
        double[] cw = out[13];
        for (int i = base; i < end; i++) {
            if (b[i] > 3) {
                cw[i] = b[i];
            } else {
                cw[i] = -b[i];
            }
        }
        for (int i = base; i < end; i += 5) {
            outerHelper(out[14], i, Math.min(i + 5, end));
        }
        acc.add(t + 1);
        barrier();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double bi = i + 1;
            double[] expect = {bi * 2, bi * 2, 2 * bi, i + 1, i + 1, i + 1, i + 1, i + 1,
                /* scatter: idx[j] = i for j = (i - m*tpn) mod n */ ((i - m * threadsPerNode() + n) % n) + 1,
                i + 1, (bi * 2 - bi) * 3, bi * 2, ((i + 1) % n) + 1, bi > 3 ? bi : -bi, i + 1};
            for (int cs = 0; cs < CASES.length; cs++) {
                if (out[cs][i] != expect[cs]) {
                    failed.add(CASES[cs] + "[" + i + "]=" + out[cs][i] + " not " + expect[cs]);
                }
            }
            long el = ((long) i << 2) ^ (1L << 33);
            if (longs[i] != el) {
                failed.add("longs[" + i + "]=" + longs[i]);
            }
        }
        int tt = threads();
        if (acc.sum != tt * (tt + 1) / 2.0) {
            failed.add("acc=" + acc.sum);
        }
        if (count != m) {
            failed.add("count");
        }
        Results.put(getClass().getSimpleName() + t, failed.isEmpty() ? "ok" : failed.toString());
    }
}
