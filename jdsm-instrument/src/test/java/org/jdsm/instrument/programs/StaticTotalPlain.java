package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * A newcomer's reduction into a static field under a {@code static synchronized} method: static
 * fields are per node JVM, so across node JVMs each node keeps its own part; the instrumentation
 * must say so. A static written outside any lock ({@code lastThread}, a per-node note) and one in
 * the static initializer are not reported. Records the total.
 */
public class StaticTotalPlain extends Spmd {

    static double total;
    static int lastThread;
    static final int[] SEEN = new int[1];

    @Override
    public void start() {
        lastThread = myThread();
        add(1);
        barrier();
        Results.put(getClass().getSimpleName() + myThread(), total);
    }

    static synchronized void add(double x) {
        total += x; // line 27: named in the warning
    }
}
