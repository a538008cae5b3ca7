package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A counted loop bounded by a field of a shared object that another node changed: the loop's
 * checks are made before the loop, over the range the bound gives, so the bound must be read
 * current there too. Each thread writes a segment homed on another node, up to the shared count.
 * Args: segment length.
 */
public class SharedLoopBoundPlain extends Spmd {

    /** A shared object holding how much of each segment to write. */
    public static class Extent {
        public int count = 1;
    }

    Extent extent;
    int m;
    int[] a;

    @Override
    public void init() {
        extent = pool.register(new Extent()); // key 0: homed on node 0
        m = Integer.parseInt(args().get(0));
        a = pool.register(new int[m * threads()], 2);
    }

    @Override
    public void start() {
        int base = (myThread() + threadsPerNode()) % threads() * m; // homed on another node
        long sum = 0;
        for (int j = 0; j < extent.count; j++) { // every node now has a copy of extent
            sum += a[base + j];
        }
        barrier();
        if (myThread() == 0) {
            extent.count = m;
        }
        barrier();
        for (int j = 0; j < extent.count; j++) {
            a[base + j] = base + j + 1;
        }
        barrier();
        for (int k = 0; k < a.length; k++) {
            AliasesPlain.check(a[k] == k + 1, "a[" + k + "] = " + a[k] + " (sum before " + sum + ")");
        }
        Results.put(getClass().getSimpleName() + myThread(), "ok");
    }
}
