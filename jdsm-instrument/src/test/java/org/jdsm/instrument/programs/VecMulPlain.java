package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/** {@code a[i] = b[i] * c[i]} in plain code: no update, acquire or release. */
public class VecMulPlain extends Spmd {

    double[] a;
    double[] b;
    double[] c;

    @Override
    public void init() {
        int n = Integer.parseInt(args().get(0));
        int block = Integer.parseInt(args().get(1));
        a = pool.register(new double[n], block);
        b = pool.register(VecMulExplicit.filled(n, 1), block);
        c = pool.register(VecMulExplicit.filled(n, 2), block);
    }

    @Override
    public void start() {
        int n = a.length;
        for (int i = myThread(); i < n; i += threads()) {
            a[i] = b[i] * c[i];
        }
        barrier();
        if (myThread() == threads() - 1) {
            double[] copy = new double[n];
            for (int i = 0; i < n; i++) {
                copy[i] = a[i];
            }
            Results.put(getClass().getSimpleName(), copy);
        }
    }
}
