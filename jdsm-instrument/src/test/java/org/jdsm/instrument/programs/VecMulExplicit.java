package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/** {@link VecMulPlain} through the explicit API. */
public class VecMulExplicit extends Spmd {

    double[] a;
    double[] b;
    double[] c;

    @Override
    public void init() {
        int n = Integer.parseInt(args().get(0));
        int block = Integer.parseInt(args().get(1));
        a = pool.register(new double[n], block);
        b = pool.register(filled(n, 1), block);
        c = pool.register(filled(n, 2), block);
    }

    @Override
    public void start() {
        int n = a.length;
        for (int i = myThread(); i < n; i += threads()) {
            pool.update(b, i);
            pool.update(c, i);
            pool.acquire(a, i);
            a[i] = b[i] * c[i];
            pool.release(a, i);
        }
        barrier();
        if (myThread() == threads() - 1) {
            pool.update(a);
            Results.put(getClass().getSimpleName(), a.clone());
        }
    }

    static double[] filled(int n, int seed) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (i * 31 + seed * 17) % 101 + seed * 0.25;
        }
        return v;
    }
}
