package org.jdsm.instrument.programs;

import org.jdsm.Spmd;
import org.jdsm.instrument.Results;

/**
 * Shared arrays reached in roundabout ways: through local aliases, as arguments of methods, as
 * rows of a {@code double[][]} (each row registered), and through a static field. Each thread
 * writes its own part; after a barrier every thread checks all of it.
 */
public class AliasesPlain extends Spmd {

    /** Per node (nodes may share this JVM and so this static field). */
    static final long[][] BY_NODE = new long[64][];

    int n;
    double[] v;
    double[][] rows;

    @Override
    public void init() {
        n = Integer.parseInt(args().get(0));
        v = pool.register(new double[n], 8);
        rows = new double[threads()][n];
        for (double[] row : rows) {
            pool.register(row, 16);
        }
        BY_NODE[myNode()] = pool.register(new long[n], 4);
    }

    @Override
    public void start() {
        int me = myThread();
        double[] alias = v;
        double[] again = alias;
        for (int i = me; i < n; i += threads()) {
            again[i] = expectedV(i);
        }
        fillRow(rows[me], me);
        long[] viaStatic = BY_NODE[myNode()];
        for (int i = me; i < n; i += threads()) {
            viaStatic[i] = expectedLong(i);
        }
        barrier();
        for (int i = 0; i < n; i++) {
            check(alias[i] == expectedV(i), "v[" + i + "]");
            check(BY_NODE[myNode()][i] == expectedLong(i), "static[" + i + "]");
        }
        for (int r = 0; r < rows.length; r++) {
            check(sumRow(rows[r]) == expectedRowSum(r), "row " + r);
        }
        Results.put(getClass().getSimpleName() + me, "ok");
    }

    private void fillRow(double[] row, int r) {
        for (int j = 0; j < row.length; j++) {
            row[j] = r * 1000 + j;
        }
    }

    private static double sumRow(double[] row) {
        double sum = 0;
        for (double x : row) {
            sum += x;
        }
        return sum;
    }

    private double expectedRowSum(int r) {
        double sum = 0;
        for (int j = 0; j < n; j++) {
            sum += r * 1000 + j;
        }
        return sum;
    }

    private static double expectedV(int i) {
        return i * 0.5 + 1;
    }

    private static long expectedLong(int i) {
        return 7L * i - 3;
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("wrong value: " + what);
        }
    }
}
